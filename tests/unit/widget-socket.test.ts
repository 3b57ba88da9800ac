/**
 * What a widget tells the companion on its socket's address (lib/protocol/widget-socket.ts), and the
 * rehearsal target that names a builder preview.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RehearsalSchema } from '../../src/lib/protocol/rehearsal';
import { widgetSocketParams } from '../../src/lib/protocol/widget-socket';

describe('widgetSocketParams', () => {
	it('carries the kind, an alert box’s hidden kinds and a valid preview id, nothing else', () => {
		expect(widgetSocketParams('counter', { name: 'wins' }, new URLSearchParams())).toEqual({
			w: 'counter'
		});
		expect(
			widgetSocketParams(
				'alert-box',
				{ off: ['follower', 'points'], look: '' },
				new URLSearchParams('preview=abc123XYZ&token=secret&label=x')
			)
		).toEqual({ w: 'alert-box', off: 'follower,points', preview: 'abc123XYZ' });
		expect(
			widgetSocketParams('alert-box', { off: [] }, new URLSearchParams('preview=a b'))
		).toEqual({ w: 'alert-box' });
	});
});

describe('a rehearsal target', () => {
	const target = (t: string) => v.safeParse(RehearsalSchema, { kind: 'goal', target: t }).success;
	it('is all, a widget id, or preview: and a preview id', () => {
		expect(target('all')).toBe(true);
		expect(target('w12')).toBe(true);
		expect(target('preview:abc123')).toBe(true);
		expect(target('preview:x')).toBe(false);
		expect(target('preview:../../x')).toBe(false);
		expect(target('w')).toBe(false);
	});
});
