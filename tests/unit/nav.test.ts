/** A hash route's page and query (src/lib/ui/nav.ts): what the layout, the deck's router and the menu read. */
import { describe, expect, it } from 'vitest';
import { pathOf, queryOf } from '../../src/lib/ui/nav';

describe('hash routes', () => {
	it('names the page, `/` for none', () => {
		expect(
			['', '#', '#/', '#/?token=x', '#?token=x', '#/songs', '#/songs?x=1', '#/songs#more'].map(
				pathOf
			)
		).toEqual(['/', '/', '/', '/', '/', '/songs', '/songs', '/songs']);
	});
	it('gives the query with its `?`, empty for none', () => {
		expect(['', '#/', '#/songs', '#/songs?x=1&y=2', '#?token=x'].map(queryOf)).toEqual([
			'',
			'',
			'',
			'?x=1&y=2',
			'?token=x'
		]);
	});
});
