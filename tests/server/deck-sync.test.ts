/**
 * One deck on every device: the companion's /__companion/deck behind the streamer's token (a share key
 * reads, never writes), a document refused with its field and rule, the owner-only file that survives
 * a restart, the held GET that answers at the next change, and the per-page merge of a stale device.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRID_LIMITS } from '../../src/lib/app/deck/layout';
import { http } from './helpers';
import { startShareRig, type ShareRig } from './share-rig';

let rig: ShareRig;
beforeAll(async () => {
	rig = await startShareRig();
});
afterAll(async () => {
	await rig?.close();
});

const page = (id: string, name: string, label: string) => ({
	id,
	name,
	columns: 3,
	rows: 4,
	buttons: [
		{
			id: 'b1',
			col: 0,
			row: 0,
			width: 1,
			look: { label },
			action: { kind: 'trigger', type: 'chat-command', name: 'lurk' },
			press: 'tap',
			inputs: {}
		}
	]
});
const deckFile = () => join(dirname(rig.sharesFile), '.stream-decks.json');
const put = (body: object, token?: string) => rig.manage('PUT', '/__companion/deck', body, token);
const push = (
	base: number,
	by: string,
	pages: ReturnType<typeof page>[],
	marks: Record<string, { base: number | null; dirty: boolean; at: number }>,
	removed: Record<string, number> = {}
) => ({ base, by, doc: { version: 2, pages }, pages: marks, removed });

describe('the shared deck', () => {
	it("needs the streamer's token; empty at first", async () => {
		expect((await http('GET', `${rig.companion.url}/__companion/deck`)).status).toBe(401);
		expect((await rig.manage('GET', '/__companion/deck', undefined, 'wrong')).status).toBe(401);
		const first = await rig.manage('GET', '/__companion/deck');
		expect(first.status).toBe(200);
		expect(first.json).toEqual({ rev: 0, doc: null, pages: {}, readOnly: false });
	});

	it('refuses a document that fails the deck schema, naming the field and the rule; the deck stays', async () => {
		const ok = await put(push(0, 'PC', [page('live', 'Live', 'Lurk')], {}));
		expect(ok.status).toBe(200);
		expect(ok.json.rev).toBe(1);
		const bad = page('live', 'Live', 'Lurk');
		bad.columns = 40;
		const refused = await put(push(1, 'phone', [bad], {}));
		expect(refused.status).toBe(400);
		expect(refused.json).toMatchObject({
			code: 'invalid_deck',
			field: 'doc.pages[0].columns',
			rule: 'must be between 1 and 12'
		});
		const notDeck = await put({ ...push(1, 'phone', [], {}), doc: { version: 9, pages: [] } });
		expect(notDeck.status).toBe(400);
		expect(notDeck.json).toMatchObject({ field: 'doc.version', rule: 'must be 2' });
		const kept = await rig.manage('GET', '/__companion/deck');
		expect(kept.json.rev).toBe(1);
		expect(kept.json.doc.pages.map((p: { name: string }) => p.name)).toEqual(['Live']);
	});

	it('keeps the deck in an owner-only file beside the share links, read again after a restart', async () => {
		expect(statSync(deckFile()).mode & 0o777).toBe(0o600);
		const stored = JSON.parse(readFileSync(deckFile(), 'utf8'));
		expect(Object.keys(stored.decks)).toEqual([rig.sim.url]);
		expect(readFileSync(deckFile(), 'utf8')).not.toContain(rig.realToken);
		await rig.restartCompanion();
		const again = await rig.manage('GET', '/__companion/deck');
		expect(again.json.rev).toBe(1);
		expect(again.json.doc.pages[0].name).toBe('Live');
	});

	it("shows a share key the streamer's deck read-only, and refuses its PUT", async () => {
		const key = (await rig.createLink({ profile: 'moderation' })).key;
		const read = await rig.asShare('GET', '/__companion/deck', key);
		expect(read.status).toBe(200);
		expect(read.json).toMatchObject({ rev: 1, readOnly: true });
		const write = await put(push(1, 'phone', [], {}), key);
		expect(write.status).toBe(403);
		expect(write.json.code).toBe('share_read_only');
		expect((await rig.manage('GET', '/__companion/deck')).json.doc.pages).toHaveLength(1);
		rig.assertNoLeak();
	});

	it('answers a held GET at the next change', async () => {
		const held = rig.manage('GET', '/__companion/deck?after=1');
		await put(
			push(1, 'PC', [page('live', 'Live', 'Lurk now')], {
				live: { base: 1, dirty: true, at: Date.now() }
			})
		);
		const answer = await held;
		expect(answer.json.rev).toBe(2);
		expect(answer.json.doc.pages[0].buttons[0].look.label).toBe('Lurk now');
	});

	it('merges a stale device page by page: the last edit wins, the other is kept as a backup page', async () => {
		const t = new Date(2026, 0, 1, 14, 2).getTime();
		// The phone was offline since rev 2: it changed Live earlier than the PC, and made a page of its own.
		await put(
			push(2, 'PC', [page('live', 'Live', 'PC label')], {
				live: { base: 2, dirty: true, at: t + 60_000 }
			})
		);
		const merged = await put(
			push(2, 'phone', [page('live', 'Live', 'Phone label'), page('mine', 'Mine', 'M')], {
				live: { base: 2, dirty: true, at: t },
				mine: { base: null, dirty: true, at: t }
			})
		);
		expect(merged.status).toBe(200);
		const pages = merged.json.doc.pages as ReturnType<typeof page>[];
		expect(pages.map((p) => [p.name, p.buttons[0]!.look.label])).toEqual([
			['Live', 'PC label'],
			['Live (from phone, 14:02)', 'Phone label'],
			['Mine', 'M']
		]);
		// A page deleted on a stale device but changed since elsewhere is kept; an untouched one goes.
		const rev = merged.json.rev;
		const after = await put(push(rev, 'dock', [], {}, { live: rev - 2, mine: rev }));
		expect(after.json.doc.pages.map((p: { name: string }) => p.name)).toEqual([
			'Live',
			'Live (from phone, 14:02)'
		]);
	});

	it("refuses a merge past the deck's page limit as data (kind and values) beside its English", async () => {
		const max = GRID_LIMITS.pages;
		const at = Date.now();
		const pages = Array.from({ length: max }, (_, i) => page(`big${i}`, `Big ${i}`, 'B'));
		const marks = Object.fromEntries(pages.map((p) => [p.id, { base: null, dirty: true, at }]));
		const before = (await put(push(0, 'phone', [], {}))).json;
		const refused = await put(push(0, 'phone', pages, marks));
		const merged = before.doc.pages.length + max;
		expect(refused.status).toBe(409);
		expect(refused.json).toEqual({
			status: 409,
			code: 'deck_too_big',
			kind: 'deck_too_big',
			params: { pages: merged, max },
			message: `the merged deck would have ${merged} pages, and a deck holds at most ${max}: delete some pages on this device, then it is sent again`
		});
	});
});
