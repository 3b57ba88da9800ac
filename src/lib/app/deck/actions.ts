/**
 * What each deck action sends: exactly one documented request (checked by the catalog in
 * `check-action.ts`, kept out of the deck's first load), and where its state can be read back from.
 * The deck page, the editor and the tests read this table.
 */
import type { States } from '$lib/protocol/payloads';
import { needsConfirmation, type SendType } from '$lib/protocol/send-types';
import { controlValue } from '$lib/protocol/alert-control-actions';
import type { PressMode } from './bindings';
import type { DeckAction } from './layout';

export interface DeckRequest {
	type: SendType;
	params: Record<string, unknown>;
}

type Toggle = Extract<DeckAction, { kind: 'toggle' }>['target'];
type Switch = Extract<DeckAction, { kind: 'switch' }>['target'];

/** Readable toggles: the type that sets them (`value` true/false, omitted toggles) and their `states` flag. */
export const TOGGLES: Record<
	Toggle,
	{ type: SendType; flag: 'streamMode' | 'on' | 'fuze'; label: string }
> = {
	'stream-mode': { type: 'toggle-stream-mode', flag: 'streamMode', label: 'Stream mode' },
	'light-control': { type: 'set-app', flag: 'on', label: 'Light control' },
	fuze: { type: 'toggle-fuze', flag: 'fuze', label: 'Fuze' }
};

/** States the interface cannot read back: a press sets them, the button says it cannot show them. */
export const SWITCHES: Record<Switch, { type: SendType; label: string }> = {
	command: { type: 'set-command-state', label: 'Command' },
	folder: { type: 'set-folder-state', label: 'Folder' },
	layer: { type: 'overlay-set-layer-visibility', label: 'Layer' }
};

/** The alert box's four buttons by their control action. */
export const ALERT_BOX_ACTIONS = {
	pause: 'Pause alerts',
	resume: 'Resume alerts',
	skip: 'Skip alert',
	replay: 'Replay last alert'
} as const;

/** The send type an action uses (for the share scope and capabilities); undefined for a page jump. */
export function sendTypeOf(action: DeckAction): SendType | undefined {
	switch (action.kind) {
		case 'trigger':
			return action.type;
		case 'light':
			return 'hex-color';
		case 'counter':
			return action.step === 'set' ? 'set-counter-value' : 'update-variable-value';
		case 'toggle':
			return TOGGLES[action.target].type;
		case 'switch':
			return SWITCHES[action.target].type;
		case 'routine':
			return 'run-actions';
		case 'text':
			return action.target === 'chat' ? 'chatbot-message' : 'send-announcement';
		case 'page':
			return undefined;
		case 'timer':
		case 'alerts':
			return 'update-variable-value';
	}
}

/**
 * The one request a press sends. A readable toggle sends the opposite of the state the application
 * reported; when that state is unknown the value is left out, which toggles on the application. A
 * timer's value depends on the timer's current value: the tile reads it first and builds the request
 * with `timerRequest` (timer-request.ts, fetched at that press; the editor's check uses it too).
 */
export function requestFor(action: DeckAction, states?: States): DeckRequest | undefined {
	const type = sendTypeOf(action);
	if (!type) return undefined;
	switch (action.kind) {
		case 'trigger':
			return { type, params: { value: action.name } };
		case 'light':
			return { type, params: { value: action.color } };
		case 'counter':
			// Counter math (spec, Variables and counters): "+N" adds, "-N" subtracts; set stores exactly the number.
			if (action.step === 'set')
				return { type, params: { name: action.name, value: action.amount } };
			return {
				type,
				params: {
					name: action.name,
					value: `${action.step === 'add' ? '+' : '-'}${Math.abs(action.amount)}`
				}
			};
		case 'toggle': {
			const now = toggleState(action.target, states);
			return { type, params: now === undefined ? {} : { value: !now } };
		}
		case 'switch':
			if (action.target === 'layer')
				return { type, params: { layer: action.name, value: action.on } };
			return { type, params: { name: action.name, value: action.on } };
		case 'routine':
			return { type, params: { actions: action.actions } };
		case 'text':
			// Announcements are alpha only (catalog); a stream command always names its platform (facts §11).
			return {
				type,
				params:
					action.target === 'chat'
						? { value: action.text }
						: { value: action.text, platform: 'alpha' }
			};
		case 'timer':
			// The value comes with the press (timer-request.ts): only the type and name are known here.
			return { type, params: { name: action.name } };
		case 'alerts':
			// The alert box reads this variable; it acts on each new `at` (control.ts).
			return { type, params: { name: action.variable, value: controlValue(action.action) } };
	}
}

/** A readable toggle's state as the application reported it; undefined when it cannot be known. */
export function toggleState(target: Toggle, states: States | undefined): boolean | undefined {
	const flag = states?.[TOGGLES[target].flag];
	return flag === undefined || flag === null ? undefined : Boolean(flag);
}

/**
 * The press safety a new button starts with: what the catalog flags (confirmation) starts as hold-to-fire.
 * On a live deck a hold is one deliberate gesture with a visible fill that a brushed touch cannot
 * complete; it leaves the deck in view and works the same from a key, pad or MIDI controller held down,
 * where a dialog covers the deck and asks for a second aimed tap. (A tap on such a button still asks.)
 */
export function defaultPress(action: DeckAction): PressMode {
	const request = requestFor(action);
	if (!request) return 'tap';
	// The params as the deck builds them: no deck action leaves to a default what decides confirmation
	// (only song-request's depends on a param, and no deck action sends it).
	return needsConfirmation(request.type, request.params) ? 'hold' : 'tap';
}

const ALERT_WORDS: Record<string, string> = {
	follower: 'follow',
	subscriber: 'sub',
	giftSubscription: 'gift sub',
	bits: 'bits',
	raid: 'raid',
	points: 'points redeem',
	variableChanged: 'variable change',
	switchSong: 'song change'
};

/**
 * How an alert is said: "Test …" around the event's words. English unless the dashboard passes its
 * language's (this stays plain logic: the words come in, no language state is read here).
 */
export interface AlertWords {
	test: (what: string) => string;
	/** The event's words by its name in the alert key (`follower`); others are spelt out from the key. */
	events: Readonly<Record<string, string>>;
}

const ENGLISH_ALERT_WORDS: AlertWords = { test: (what) => `Test ${what}`, events: ALERT_WORDS };

/** "alpha-follower" → { text: "Test follow", source: "alpha" }: an alert key as a person reads it. */
export function alertLabel(
	key: string,
	words: AlertWords = ENGLISH_ALERT_WORDS
): { text: string; source?: string } {
	const dash = key.indexOf('-');
	if (dash <= 0 || dash === key.length - 1) return { text: words.test(key) };
	const source = key.slice(0, dash);
	const event = key.slice(dash + 1);
	const what = words.events[event] ?? event.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
	return { text: words.test(what), source };
}

/** The colours the picker offers, by the name a person says ("Red light", not "Light #ff2020"). */
export const LIGHT_COLOURS = [
	['red', '#ff2020'],
	['orange', '#ff8800'],
	['yellow', '#ffd000'],
	['green', '#20c050'],
	['blue', '#2060ff'],
	['purple', '#9040ff'],
	['white', '#ffffff']
] as const;
export type LightColour = (typeof LIGHT_COLOURS)[number][0];

/** The picker's name for a colour (its id, said by the dashboard in its language); undefined for any other. */
export const lightColourOf = (color: string): LightColour | undefined =>
	LIGHT_COLOURS.find(([, c]) => c === color.toLowerCase())?.[0];

/** "Red light" for a colour of the picker; any other colour by its code (English: a deck made outside the dashboard's editor). */
export function lightLabel(color: string): string {
	const named = lightColourOf(color);
	return named ? `${named.charAt(0).toUpperCase()}${named.slice(1)} light` : `Light ${color}`;
}

/** "Test follow (alpha)": an alert key with the platform it comes from (edit mode says it in its language: deck-edit/action-words.ts). */
export function alertText(key: string): string {
	const { text, source } = alertLabel(key);
	return source ? `${text} (${source})` : text;
}

type Of<K extends DeckAction['kind']> = Extract<DeckAction, { kind: K }>;

/**
 * The words a new button's name is made of. English unless the caller passes its language's (edit
 * mode: deck-edit/action-words.ts); plain logic, so no language state is read here.
 */
export interface LabelWords {
	alert: (key: string) => string;
	light: (color: string) => string;
	toggle: (target: Toggle) => string;
	switchTo: (on: boolean, name: string) => string;
	text: (target: Of<'text'>['target']) => string;
	/** A page jump, by the page's name when it is known. */
	page: (name: string | undefined) => string;
	timer: (action: Of<'timer'>) => string;
	alerts: (action: Of<'alerts'>['action']) => string;
}

const ENGLISH_LABEL_WORDS: LabelWords = {
	alert: alertText,
	light: lightLabel,
	toggle: (target) => TOGGLES[target].label,
	switchTo: (on, name) => `${on ? 'Enable' : 'Disable'} ${name}`,
	text: (target) => (target === 'chat' ? 'Chat line' : 'Announcement'),
	page: (name) => `Go to ${name ?? 'page'}`,
	timer: (a) =>
		a.op === 'add' ? `Timer ${a.seconds < 0 ? '−' : '+'}${Math.abs(a.seconds)} s` : `Timer ${a.op}`,
	alerts: (action) => ALERT_BOX_ACTIONS[action]
};

/** The names the deck gives what it makes outside edit mode: buttons, the Favourites page, a nameless page. */
export interface MadeNames {
	words: LabelWords;
	favourites: string;
	page: string;
}

export const ENGLISH_NAMES: MadeNames = {
	words: ENGLISH_LABEL_WORDS,
	favourites: 'Favourites',
	page: 'Page'
};

/**
 * A name a new button gets from its action, before the streamer changes it: in English for buttons
 * made outside edit mode (a favourite, a migrated deck), in the dashboard's language from edit mode.
 */
export function defaultLabel(
	action: DeckAction,
	pageName?: (id: string) => string | undefined,
	words: LabelWords = ENGLISH_LABEL_WORDS
): string {
	switch (action.kind) {
		case 'trigger':
			// An alert keeps its platform: "Test follow" alone could be any of them.
			return action.type === 'alert' ? words.alert(action.name) : action.name;
		case 'light':
			return words.light(action.color);
		case 'counter':
			// Symbols and the counter's own name: the same in every language.
			return action.step === 'set'
				? `${action.name} = ${action.amount}`
				: `${action.name} ${action.step === 'add' ? '+' : '−'}${Math.abs(action.amount)}`;
		case 'toggle':
			return words.toggle(action.target);
		case 'switch':
			return words.switchTo(action.on, action.name);
		case 'routine':
			return action.name;
		case 'text':
			return words.text(action.target);
		case 'page':
			return words.page(pageName?.(action.page));
		case 'timer':
			return words.timer(action);
		case 'alerts':
			return words.alerts(action.action);
	}
}
