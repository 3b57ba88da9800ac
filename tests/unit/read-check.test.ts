/**
 * The read-only check widgets run instead of checkSend: the same verdicts for the types that only
 * read, a named refusal for every other type, and widget.html built without the other types' schemas.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOG, SEND_TYPES, SEND_TYPE_INFO, checkRead, checkSend } from '$lib/protocol';

const reads = SEND_TYPES.filter((type) => SEND_TYPE_INFO[type].readOnly);
const samples: Record<string, unknown[]> = {
	'get-variable-value': [{ name: 'deaths' }, { name: ' ' }, {}, { name: 3 }],
	'get-loyalty-points': [
		{ username: 'ann', platform: 'alpha' },
		{ username: 'ann' },
		{ platform: 'alpha' }
	],
	'get-action-catalog': [{}, undefined, []]
};

describe('checkRead', () => {
	it('gives the verdict checkSend gives for every type that only reads, valid and invalid', () => {
		expect(reads.sort()).toEqual(Object.keys(samples).sort());
		for (const type of reads)
			for (const params of samples[type] ?? [])
				expect(checkRead(type, params)).toEqual(checkSend(type, params));
		expect(checkRead('get-variable-value', { name: ' deaths ' })).toEqual({
			ok: true,
			type: 'get-variable-value',
			params: { name: 'deaths' }
		});
	});

	it('refuses every other type, known or not, before the wire, naming the field and the rule', () => {
		for (const type of SEND_TYPES.filter((t) => !SEND_TYPE_INFO[t].readOnly)) {
			const verdict = checkRead(type, { value: 'x' });
			expect(verdict).toMatchObject({
				ok: false,
				status: 400,
				issues: [
					{ field: 'type', rule: `must be a type that only reads: this view cannot send ${type}` }
				]
			});
		}
		// Unknown types too: a page that only reads carries only the reads' table (read-types.ts).
		expect(checkRead('launch-rockets')).toMatchObject({
			ok: false,
			status: 400,
			issues: [
				{
					field: 'type',
					rule: 'must be a type that only reads: this view cannot send launch-rockets'
				}
			]
		});
	});

	it('the catalog carries the type data and a schema for every type', () => {
		for (const type of SEND_TYPES) {
			const { params, waitMs, ...info } = CATALOG[type];
			expect(info).toEqual(SEND_TYPE_INFO[type]);
			expect(params).toBeDefined();
			if (type !== 'run-actions') expect(waitMs).toBeUndefined();
		}
	});

	it('checkSend adds the application’s own wait to a run-actions check', () => {
		const check = checkSend('run-actions', { actions: [{ type: 'delay', delay: 1500 }] });
		expect(check).toMatchObject({ ok: true, waitMs: 1500 });
		expect(checkSend('run-actions', { actions: [] })).not.toHaveProperty('waitMs');
	});
});

describe.runIf(existsSync('build/widget.html'))('build/widget.html', () => {
	it('carries the read check but not the schemas of the types that change things', () => {
		const page = readFileSync('build/widget.html', 'utf8');
		expect(page).toContain('must be a type that only reads');
		for (const ruleText of [
			'must be a hex colour',
			'must be a language code',
			'needs the command name in value'
		])
			expect(page).not.toContain(ruleText);
	});
});
