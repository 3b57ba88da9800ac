import { describe, expect, it } from 'vitest';
import { NameList } from '$lib/app/name-list.svelte';

const storageWith = (value: string) => {
	const items = new Map([['names', value]]);
	return {
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v)
	};
};

describe('names kept on the device', () => {
	it('loads each name once, even when stored twice or equal once trimmed (lists are keyed by name)', () => {
		const store = new NameList(
			'names',
			[],
			storageWith(JSON.stringify(['deaths', ' deaths', 'wins', 'deaths']))
		);
		expect(store.names).toEqual(['deaths', 'wins']);
	});

	it('starts from the initial names when the stored list is damaged', () => {
		expect(new NameList('names', ['hugs'], storageWith('{"not":"a list"}')).names).toEqual([
			'hugs'
		]);
	});
});
