/**
 * Edit mode names a new button and fills its picker in the dashboard's language: the deck's data
 * (an action) said through the messages, English the same as the deck's own English names.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultLabel } from '$lib/app/deck/actions';
import type { DeckAction } from '$lib/app/deck/layout';
import { language } from '$lib/app/language.svelte';
import {
	labelWords,
	lightWords,
	triggerWords
} from '../../src/routes/(app)/deck-edit/action-words';
import { pickerItems } from '../../src/routes/(app)/deck-edit/picker-items';
import { inputWords, keyWords, learnWords } from '$lib/app/deck/inputs/learn-words';
import { checkKey } from '$lib/app/deck/inputs/keys';

const key = (code: string, mods: { ctrl?: boolean; shift?: boolean } = {}) => ({
	code,
	ctrl: Boolean(mods.ctrl),
	alt: false,
	shift: Boolean(mods.shift),
	meta: false
});

const ACTIONS: DeckAction[] = [
	{ kind: 'trigger', type: 'studio-scene', name: 'Intro' },
	{ kind: 'trigger', type: 'alert', name: 'alpha-follower' },
	{ kind: 'light', color: '#ff2020' },
	{ kind: 'light', color: '#123456' },
	{ kind: 'counter', name: 'deaths', step: 'add', amount: 1 },
	{ kind: 'counter', name: 'deaths', step: 'set', amount: 0 },
	{ kind: 'toggle', target: 'stream-mode' },
	{ kind: 'switch', target: 'command', name: '!lurk', on: false },
	{ kind: 'text', target: 'chat', text: 'Hi' },
	{ kind: 'page', page: 'p' },
	{ kind: 'timer', name: 'timer_main', op: 'add', seconds: -30 },
	{ kind: 'timer', name: 'timer_main', op: 'reset', seconds: 300 },
	{ kind: 'alerts', action: 'skip', variable: 'alerts_control' }
];

const sources = {
	capabilities: undefined,
	counters: ['deaths'],
	folders: ['Games'],
	routines: [],
	pages: [{ id: 'p', name: 'Szenen' }]
};

describe('edit mode’s words', () => {
	afterEach(() => language.choose('en'));

	it('names a new button in English as the deck’s own default label does', () => {
		for (const action of ACTIONS)
			expect(labelWords(action, () => 'Scenes')).toBe(defaultLabel(action, () => 'Scenes'));
		expect(labelWords({ kind: 'page', page: 'gone' })).toBe('Go to page');
	});

	it('names it in German once the dashboard speaks German', async () => {
		await language.choose('de');
		expect(labelWords({ kind: 'light', color: '#FF2020' })).toBe('Rotes Licht');
		expect(lightWords('#123456')).toBe('Licht #123456');
		expect(labelWords({ kind: 'switch', target: 'command', name: '!lurk', on: true })).toBe(
			'!lurk aktivieren'
		);
		expect(labelWords({ kind: 'timer', name: 't', op: 'add', seconds: 1500 })).toBe(
			'Timer +1.500 s'
		);
		expect(labelWords({ kind: 'trigger', type: 'alert', name: 'alpha-follower' })).toBe(
			'Follow testen (alpha)'
		);
		expect(labelWords({ kind: 'page', page: 'p' }, () => 'Szenen')).toBe('Zu Szenen');
		expect(triggerWords('studio-scene')).toBe('Szene');
	});

	it('fills the picker in French: sections, titles and a text action’s first words', async () => {
		await language.choose('fr');
		const items = pickerItems(sources);
		const sections = new Set(items.map((i) => i.section));
		expect(sections).toContain('Compteurs');
		expect(sections).toContain('Dossiers activés ou non');
		const titles = items.map((i) => i.title);
		expect(titles).toContain('Lumière rouge');
		expect(titles).toContain('Activer le dossier Games');
		expect(titles).toContain('Aller à Szenen');
		expect(titles).toContain('Ajouter 60 s au minuteur');
		const chat = items.find((i) => i.action.kind === 'text' && i.action.target === 'chat');
		expect(chat?.action).toMatchObject({ text: 'Salut le chat !' });
	});
});

describe('learning a binding’s words', () => {
	afterEach(() => language.choose('en'));

	it('reports a refusal as data as well as in English', () => {
		const reserved = checkKey(key('KeyW', { ctrl: true }), 'a', []);
		expect(reserved).toMatchObject({ ok: false, why: { reserved: 'primary-close' } });
		const taken = checkKey(key('KeyK'), 'a', [{ id: 'b', label: 'lurk', key: key('KeyK') }]);
		expect(taken).toMatchObject({ ok: false, why: { taken: 'lurk' } });
	});

	it('says the same English as the learn’s own status line', () => {
		expect(learnWords({ kind: 'prompt', input: 'key' })).toBe(
			'Press the key combo for this button (Escape to stop).'
		);
		expect(
			learnWords({
				kind: 'learnt',
				name: { kind: 'key', key: key('KeyM', { ctrl: true, shift: true }) }
			})
		).toBe('Learnt: Ctrl+Shift+M.');
		expect(
			inputWords({ kind: 'midi', binding: { kind: 'cc', number: 7, channel: 5 }, device: 'Keys' })
		).toBe('CC 7, channel 5 (from Keys)');
		expect(learnWords(undefined)).toBe('');
	});

	it('names keys, MIDI and pads in German, and says why a combo is refused', async () => {
		await language.choose('de');
		expect(keyWords(key('Space', { ctrl: true, shift: true }))).toBe('Strg+Umschalt+Leertaste');
		expect(keyWords(key('ArrowUp', { ctrl: true }))).toBe('Strg+Pfeil nach oben');
		expect(inputWords({ kind: 'gamepad', button: 3 })).toBe('Controller-Taste 3');
		expect(inputWords({ kind: 'midi', binding: { kind: 'note', number: 60, channel: 1 } })).toBe(
			'Note C3 (60), Kanal 1'
		);
		expect(learnWords({ kind: 'prompt', input: 'midi' })).toBe(
			'Schlag ein Pad, eine Taste oder einen Knopf am MIDI-Controller an.'
		);
		expect(
			learnWords({
				kind: 'refused',
				name: { kind: 'key', key: key('KeyW', { ctrl: true }) },
				why: { reserved: 'primary-close' }
			})
		).toBe(
			'Strg+W kann kein Tastenkürzel sein: sie schließt, öffnet, beendet oder aktualisiert den Browser oder einen Tab. Drücke eine andere oder Esc zum Beenden.'
		);
	});
});
