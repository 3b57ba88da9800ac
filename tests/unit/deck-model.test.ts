/** The arrangeable deck's model: its schema, what each action sends, grid defaults, edits and the upgrade of today's deck. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkAction } from '$lib/app/deck/check-action';
import {
	alertLabel,
	defaultLabel,
	defaultPress,
	requestFor,
	sendTypeOf
} from '$lib/app/deck/actions';
import {
	addButton,
	addPage,
	commit,
	type History,
	removeButton,
	undo,
	type EditResult
} from '$lib/app/deck/edit';
import {
	moveButton,
	removePage,
	resizeButton,
	resizePage,
	updateButton
} from '$lib/app/deck/arrange';
import { DEFAULT_GRIDS, defaultGrid, firstFree, formFactor } from '$lib/app/deck/grid';
import {
	DeckDocumentSchema,
	emptyDeck,
	type DeckAction,
	type DeckButton,
	type DeckDocument
} from '$lib/app/deck/layout';
import { migrateLegacy } from '$lib/app/deck/migrate';
import { checkSend, toFieldIssues } from '$lib/protocol';

/** The send types the spec lists under POST /api/send (valid types and "also accepted"). */
const DOCUMENTED = new Set(
	'chat-command chatbot-command alpha-points alpha-extension gamma-points alert chatbot-message rgb-color hex-color studio-scene studio-theme studio-animation start-fuze stop-fuze toggle-fuze set-app toggle-stream-mode set-command-state set-folder-state update-variable-value set-counter-value overlay-set-layer-visibility send-announcement run-actions'.split(
		' '
	)
);

const SAMPLES: [DeckAction, { type: string; params: Record<string, unknown> }][] = [
	[
		{ kind: 'trigger', type: 'chat-command', name: 'lurk' },
		{ type: 'chat-command', params: { value: 'lurk' } }
	],
	[
		{ kind: 'trigger', type: 'chatbot-command', name: 'socials' },
		{ type: 'chatbot-command', params: { value: 'socials' } }
	],
	[
		{ kind: 'trigger', type: 'alpha-points', name: 'Hydrate' },
		{ type: 'alpha-points', params: { value: 'Hydrate' } }
	],
	[
		{ kind: 'trigger', type: 'alert', name: 'alpha-follower' },
		{ type: 'alert', params: { value: 'alpha-follower' } }
	],
	[
		{ kind: 'trigger', type: 'studio-scene', name: 'Gameplay' },
		{ type: 'studio-scene', params: { value: 'Gameplay' } }
	],
	[
		{ kind: 'trigger', type: 'studio-theme', name: 'Neon Night' },
		{ type: 'studio-theme', params: { value: 'Neon Night' } }
	],
	[
		{ kind: 'trigger', type: 'studio-animation', name: 'Strobe' },
		{ type: 'studio-animation', params: { value: 'Strobe' } }
	],
	[
		{ kind: 'light', color: '#ff8800' },
		{ type: 'hex-color', params: { value: '#ff8800' } }
	],
	[
		{ kind: 'counter', name: 'deaths', step: 'add', amount: 1 },
		{ type: 'update-variable-value', params: { name: 'deaths', value: '+1' } }
	],
	[
		{ kind: 'counter', name: 'deaths', step: 'subtract', amount: 1 },
		{ type: 'update-variable-value', params: { name: 'deaths', value: '-1' } }
	],
	[
		{ kind: 'counter', name: 'deaths', step: 'set', amount: 0 },
		{ type: 'set-counter-value', params: { name: 'deaths', value: 0 } }
	],
	[
		{ kind: 'toggle', target: 'stream-mode' },
		{ type: 'toggle-stream-mode', params: { value: false } }
	],
	[
		{ kind: 'toggle', target: 'light-control' },
		{ type: 'set-app', params: { value: false } }
	],
	[
		{ kind: 'toggle', target: 'fuze' },
		{ type: 'toggle-fuze', params: { value: true } }
	],
	[
		{ kind: 'switch', target: 'command', name: 'lurk', on: false },
		{ type: 'set-command-state', params: { name: 'lurk', value: false } }
	],
	[
		{ kind: 'switch', target: 'folder', name: 'Hype', on: true },
		{ type: 'set-folder-state', params: { name: 'Hype', value: true } }
	],
	[
		{ kind: 'switch', target: 'layer', name: 'layer-1', on: true },
		{ type: 'overlay-set-layer-visibility', params: { layer: 'layer-1', value: true } }
	],
	[
		{ kind: 'routine', name: 'BRB', actions: [{ base: 'app', type: 'pauseQueue', value: {} }] },
		{ type: 'run-actions', params: { actions: [{ base: 'app', type: 'pauseQueue', value: {} }] } }
	],
	[
		{ kind: 'text', target: 'chat', text: 'Hello chat' },
		{ type: 'chatbot-message', params: { value: 'Hello chat' } }
	],
	[
		{ kind: 'text', target: 'announcement', text: 'Giveaway at 9' },
		{ type: 'send-announcement', params: { value: 'Giveaway at 9', platform: 'alpha' } }
	]
];

const STATES = { on: 1, streamMode: 1, fuze: 0, listenId: 'x' };

describe('deck actions', () => {
	it.each(SAMPLES)(
		'%o sends exactly one documented request the catalog accepts',
		(action, expected) => {
			const request = requestFor(action, STATES as never);
			expect(request).toEqual(expected);
			expect(DOCUMENTED.has(request!.type)).toBe(true);
			expect(sendTypeOf(action)).toBe(request!.type);
			expect(checkSend(request!.type, request!.params).ok).toBe(true);
		}
	);

	it('a page jump sends nothing; a toggle whose state is unknown leaves the value out (the application toggles)', () => {
		expect(requestFor({ kind: 'page', page: 'p1' })).toBeUndefined();
		expect(requestFor({ kind: 'toggle', target: 'stream-mode' }, undefined)).toEqual({
			type: 'toggle-stream-mode',
			params: {}
		});
		expect(requestFor({ kind: 'toggle', target: 'fuze' }, { ...STATES, fuze: 1 } as never)).toEqual(
			{ type: 'toggle-fuze', params: { value: false } }
		);
	});

	it('checkAction names the field and rule the catalog refuses', () => {
		const bad = checkAction({
			kind: 'routine',
			name: 'x',
			actions: [{ base: 'app', type: 'code', value: {} }]
		});
		expect(bad.ok).toBe(false);
		expect(!bad.ok && bad.issues[0]!.field).toMatch(/actions\[0\]/);
	});

	it('press safety defaults from the catalog: a confirming type asks first', () => {
		expect(defaultPress({ kind: 'trigger', type: 'chat-command', name: 'lurk' })).toBe('tap');
		expect(defaultPress({ kind: 'page', page: 'x' })).toBe('tap');
		expect(checkSend('clear-queue').ok).toBe(true);
	});

	it('alerts read as people say them, without the key', () => {
		expect(alertLabel('alpha-follower')).toEqual({ text: 'Test follow', source: 'alpha' });
		expect(alertLabel('alpha-giftSubscription')).toEqual({
			text: 'Test gift sub',
			source: 'alpha'
		});
		expect(alertLabel('alpha-pollStarted')).toEqual({ text: 'Test poll started', source: 'alpha' });
		expect(alertLabel('music_player-switchSong')).toEqual({
			text: 'Test song change',
			source: 'music_player'
		});
		// A button keeps the platform: "Test sub" alone could be any of them.
		expect(defaultLabel({ kind: 'trigger', type: 'alert', name: 'gamma-subscriber' })).toBe(
			'Test sub (gamma)'
		);
		expect(defaultLabel({ kind: 'light', color: '#ff2020' })).toBe('Red light');
		expect(defaultLabel({ kind: 'light', color: '#123456' })).toBe('Light #123456');
		expect(defaultLabel({ kind: 'page', page: 'p' }, () => 'Scenes')).toBe('Go to Scenes');
	});
});

const button = (id: string, col: number, row: number, width: 1 | 2 = 1): DeckButton => ({
	id,
	col,
	row,
	width,
	look: { label: id },
	action: { kind: 'trigger', type: 'chat-command', name: id },
	press: 'tap',
	inputs: {}
});
const deck = (buttons: DeckButton[], columns = 3, rows = 2): DeckDocument => ({
	version: 2,
	pages: [{ id: 'p', name: 'Main', columns, rows, buttons }]
});
const ok = (r: EditResult): DeckDocument => {
	if (!r.ok) throw new Error(r.refusal.id);
	return r.doc;
};
const places = (doc: DeckDocument) =>
	doc.pages[0]!.buttons.map((b) => [b.id, b.col, b.row, b.width]);

describe('deck document schema', () => {
	it('accepts a valid deck and refuses overlaps, buttons past the grid and unknown kinds, naming the field', () => {
		expect(
			v.safeParse(DeckDocumentSchema, deck([button('a', 0, 0), button('b', 1, 0, 2)])).success
		).toBe(true);
		const issues = (doc: unknown) => {
			const r = v.safeParse(DeckDocumentSchema, doc);
			return r.success ? [] : toFieldIssues(r.issues).map((i) => `${i.field} ${i.rule}`);
		};
		expect(issues(deck([button('a', 0, 0, 2), button('b', 1, 0)]))).toEqual([
			'pages[0].buttons[1].col overlaps button a'
		]);
		expect(issues(deck([button('a', 2, 0, 2)]))).toEqual([
			"pages[0].buttons[0].col must leave the button inside the page's 3 columns"
		]);
		expect(issues(deck([{ ...button('a', 0, 0), action: { kind: 'explode' } as never }]))).toEqual([
			'pages[0].buttons[0].action.kind must be a known kind (trigger, light, counter, toggle, switch, routine, text, page, timer or alerts)'
		]);
		expect(issues({ version: 1, pages: [] })).toEqual(['version must be 2']);
		expect(
			issues(deck([{ ...button('a', 0, 0), look: { label: 'x', emoji: '🔥', icon: 'star' } }]))
		).toEqual(['pages[0].buttons[0].look.icon cannot have both an emoji and an icon']);
	});
});

describe('deck grid defaults', () => {
	it('follow the viewport: phone, tablet in landscape, desktop, dock', () => {
		expect(formFactor({ width: 390, height: 844, coarse: true })).toBe('phone');
		expect(formFactor({ width: 1180, height: 820, coarse: true })).toBe('tablet');
		expect(formFactor({ width: 1280, height: 800 })).toBe('desktop');
		expect(formFactor({ width: 350, height: 700 })).toBe('dock');
		expect(formFactor({ width: 1280, height: 800, dock: true })).toBe('dock');
		expect(defaultGrid({ width: 1280, height: 800 })).toEqual(DEFAULT_GRIDS.desktop);
		for (const g of Object.values(DEFAULT_GRIDS))
			expect(g.columns * g.rows).toBeGreaterThanOrEqual(15);
	});
});

describe('deck edits', () => {
	it('add takes the first free place that fits, and refuses a full page', () => {
		let doc = deck([button('a', 0, 0), button('b', 2, 0)]);
		doc = ok(addButton(doc, 'p', { ...button('wide', 0, 0, 2), col: undefined, row: undefined }));
		expect(places(doc).at(-1)).toEqual(['wide', 0, 1, 2]);
		doc = ok(addButton(doc, 'p', { ...button('c', 0, 0), col: undefined, row: undefined }));
		expect(places(doc).at(-1)).toEqual(['c', 1, 0, 1]);
		doc = ok(addButton(doc, 'p', { ...button('d', 0, 0), col: undefined, row: undefined }));
		const full = addButton(doc, 'p', { ...button('e', 0, 0), col: undefined, row: undefined });
		expect(full).toEqual({
			ok: false,
			refusal: { id: 'page-full', page: 'Main' }
		});
		expect(firstFree(doc.pages[0]!, 1)).toBeUndefined();
	});

	it('move goes to a free cell, swaps with the button there, refuses the edge', () => {
		let doc = deck([button('a', 0, 0), button('b', 1, 0)]);
		doc = ok(moveButton(doc, 'p', 'a', 2, 1));
		expect(places(doc)).toEqual([
			['a', 2, 1, 1],
			['b', 1, 0, 1]
		]);
		doc = ok(moveButton(doc, 'p', 'a', 1, 0));
		expect(places(doc)).toEqual([
			['a', 1, 0, 1],
			['b', 2, 1, 1]
		]);
		expect(moveButton(doc, 'p', 'a', 3, 0)).toEqual({
			ok: false,
			refusal: { id: 'past-edge', label: 'a' }
		});
		const wide = deck([button('w', 0, 0, 2), button('x', 0, 1), button('y', 1, 1)]);
		expect(moveButton(wide, 'p', 'w', 0, 1)).toEqual({
			ok: false,
			refusal: { id: 'no-room', label: 'w' }
		});
	});

	it('resize to 2 × 1 needs a free cell beside (stepping left at the edge); back to 1 × 1 always fits', () => {
		let doc = deck([button('a', 2, 0), button('b', 0, 1)]);
		doc = ok(resizeButton(doc, 'p', 'a', 2));
		expect(places(doc)[0]).toEqual(['a', 1, 0, 2]);
		doc = ok(resizeButton(doc, 'p', 'a', 1));
		expect(places(doc)[0]).toEqual(['a', 1, 0, 1]);
		const blocked = deck([button('a', 0, 0), button('b', 1, 0)], 2, 1);
		expect(resizeButton(blocked, 'p', 'a', 2)).toEqual({
			ok: false,
			refusal: { id: 'no-wide-room', label: 'a' }
		});
	});

	it('remove, update, page size and pages', () => {
		let doc = deck([button('a', 0, 0), button('b', 2, 1)]);
		doc = ok(removeButton(doc, 'p', 'a'));
		expect(places(doc)).toEqual([['b', 2, 1, 1]]);
		doc = ok(updateButton(doc, 'p', 'b', { look: { label: 'Bee', emoji: '🐝' }, press: 'hold' }));
		expect(doc.pages[0]!.buttons[0]).toMatchObject({
			look: { label: 'Bee', emoji: '🐝' },
			press: 'hold',
			col: 2
		});
		expect(resizePage(doc, 'p', { columns: 2, rows: 2 })).toEqual({
			ok: false,
			refusal: { id: 'outside-grid', label: 'Bee', columns: 2, rows: 2 }
		});
		doc = ok(resizePage(doc, 'p', { columns: 4, rows: 3 }));
		expect(doc.pages[0]).toMatchObject({ columns: 4, rows: 3 });
		doc = ok(addPage(doc, { id: 'q', name: '  ', columns: 3, rows: 5 }));
		expect(doc.pages.map((p) => p.name)).toEqual(['Main', 'New page']);
		doc = ok(removePage(doc, 'p'));
		expect(doc.pages.map((p) => p.id)).toEqual(['q']);
		expect(v.safeParse(DeckDocumentSchema, doc).success).toBe(true);
	});

	it('undo brings back the document before the last edit, one at a time', () => {
		const first = deck([button('a', 0, 0)]);
		let history: History = { past: [], present: first };
		const second = ok(moveButton(first, 'p', 'a', 1, 0));
		history = commit(history, second);
		const third = ok(removeButton(second, 'p', 'a'));
		history = commit(history, third);
		expect(undo(history)!.present).toBe(second);
		expect(undo(undo(history)!)!.present).toBe(first);
		expect(undo(undo(undo(history)!)!)).toBeUndefined();
	});
});

describe('upgrade from favourites and pages', () => {
	it('makes each into a grid page with the same buttons in order, growing the grid so none is lost', () => {
		const many = Array.from({ length: 20 }, (_, i) => `chat-command:cmd${i}`);
		const doc = migrateLegacy(
			{
				favourites: [
					'studio-scene:Gameplay',
					'alert:alpha-follower',
					'bogus',
					'studio-scene:Gameplay'
				],
				pages: [
					{ id: 'abc', name: 'Start of stream', items: ['studio-scene:Starting Soon'] },
					{ id: 'big', name: 'All commands', items: many }
				]
			},
			{ columns: 3, rows: 5 }
		);
		expect(v.safeParse(DeckDocumentSchema, doc).success).toBe(true);
		expect(doc.pages.map((p) => [p.id, p.name, p.columns, p.rows])).toEqual([
			['favourites', 'Favourites', 3, 5],
			['abc', 'Start of stream', 3, 5],
			['big', 'All commands', 3, 7]
		]);
		expect(doc.pages[0]!.buttons.map((b) => [b.look.label, b.action, b.col, b.row])).toEqual([
			['Gameplay', { kind: 'trigger', type: 'studio-scene', name: 'Gameplay' }, 0, 0],
			['Test follow (alpha)', { kind: 'trigger', type: 'alert', name: 'alpha-follower' }, 1, 0]
		]);
		expect(doc.pages[2]!.buttons.map((b) => (b.action as { name: string }).name)).toEqual(
			many.map((k) => k.split(':')[1])
		);
		expect(emptyDeck()).toEqual({ version: 2, pages: [] });
	});
});

describe('live text', () => {
	it('reads the variables a template names and fills them, unknown ones as ?', async () => {
		const { fillTemplate, templateNames } = await import('$lib/app/deck/live-text');
		expect(templateNames('Deaths: {{deaths}} / {{ wins }} {{deaths}}')).toEqual(['deaths', 'wins']);
		expect(templateNames(undefined)).toEqual([]);
		expect(fillTemplate('Deaths: {{deaths}} / {{wins}}', { deaths: '12' })).toBe('Deaths: 12 / ?');
		expect(fillTemplate('{{x}}', { x: 0 })).toBe('0');
	});
});

describe('alert box buttons', () => {
	it('each of the four writes one control value to the alert box variable', async () => {
		const { requestFor, defaultLabel } = await import('$lib/app/deck/actions');
		const { checkAction } = await import('$lib/app/deck/check-action');
		const { decodeControl } = await import('$lib/protocol/alert-control');
		for (const action of ['pause', 'resume', 'skip', 'replay'] as const) {
			const deckAction = { kind: 'alerts', action, variable: 'alertbox_main' } as const;
			const request = requestFor(deckAction)!;
			expect(request.type).toBe('update-variable-value');
			expect(request.params.name).toBe('alertbox_main');
			expect(decodeControl(request.params.value)).toMatchObject({ ok: true, control: { action } });
			expect(checkAction(deckAction).ok).toBe(true);
			expect(defaultLabel(deckAction)).toMatch(/alert/i);
		}
	});
});
