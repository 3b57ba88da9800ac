/**
 * The widgets and their option schemas: each widget's URL parser and the builder form both read these.
 * The form's words for each option are in form-text.ts, apart, so that widget.html carries none of them.
 */
import { defineWidget, type OptionField, type WidgetDefinition } from './options';
import { styleFields } from './style';
import { ALERT_KINDS, DEFAULT_TEMPLATES } from './alert-box/kinds';
import { DEFAULT_CONTROL_VARIABLE } from '../protocol/alert-control';
import { baseLocale, locales } from '$lib/paraglide/runtime';

const debug: OptionField = { key: 'debug', kind: 'boolean', default: false };
/** The language viewers see (i18n.ts): English unless the builder sets another. */
const lang: OptionField = { key: 'lang', kind: 'select', default: baseLocale, choices: locales };

/** A widget: its own fields, then the look every widget shares (style.ts), its language and debug. */
const widget = (
	id: string,
	title: string,
	style: Parameters<typeof styleFields>[0],
	fields: OptionField[]
): WidgetDefinition =>
	defineWidget({ id, title, fields: [...fields, ...styleFields(style), lang, debug] });

const numberFormat = (fallback: string): OptionField => ({
	key: 'format',
	kind: 'select',
	default: fallback,
	choices: ['plain', 'grouped', 'compact', 'fixed2']
});
/** The card and accent colours of widgets that show cards (events, songs, alerts). */
const cardColors: OptionField[] = [
	{ key: 'card', kind: 'color', default: '#000000b3' },
	{ key: 'accent', kind: 'color', default: '#7c5cff' }
];

export const counterWidget = widget('counter', 'Counter', { size: 64, align: 'center' }, [
	{ key: 'name', kind: 'text', default: '', maxLength: 120 },
	{ key: 'label', kind: 'text', default: '', maxLength: 120 },
	{ key: 'prefix', kind: 'text', default: '', maxLength: 40 },
	{ key: 'suffix', kind: 'text', default: '', maxLength: 40 },
	numberFormat('plain'),
	{
		key: 'animation',
		kind: 'select',
		default: 'pop',
		choices: ['none', 'pop', 'slide', 'flash']
	},
	{ key: 'goal', kind: 'number', default: 0, min: 0, max: 1e12 },
	{ key: 'barColor', kind: 'color', default: '#7c5cff' },
	{ key: 'interval', kind: 'number', default: 1000, min: 250, max: 60000 }
]);

const SONG_STYLE = { size: 20 };
const songFields = (limitDefault: number | null): OptionField[] => [
	...(limitDefault === null
		? []
		: [
				{
					key: 'limit',
					kind: 'number',
					default: limitDefault,
					min: 0,
					max: 25,
					integer: true
				} as OptionField
			]),
	{ key: 'cover', kind: 'boolean', default: true },
	{ key: 'requester', kind: 'boolean', default: true },
	{ key: 'progress', kind: 'boolean', default: true },
	{ key: 'hideIdle', kind: 'boolean', default: true },
	...cardColors,
	{ key: 'interval', kind: 'number', default: 2000, min: 500, max: 60000 }
];

export const songQueueWidget = widget('song-queue', 'Song queue', SONG_STYLE, songFields(5));
export const nowPlayingWidget = widget('now-playing', 'Now playing', SONG_STYLE, songFields(null));

export const chatWidget = widget('chat', 'Chat', { size: 20 }, [
	{ key: 'limit', kind: 'number', default: 20, min: 1, max: 100, integer: true },
	{ key: 'fade', kind: 'number', default: 0, min: 0, max: 3600 },
	{ key: 'hideCommands', kind: 'boolean', default: true },
	{ key: 'hideUsers', kind: 'list', default: [] },
	{ key: 'platformIcons', kind: 'boolean', default: true },
	{ key: 'userColors', kind: 'boolean', default: true },
	{ key: 'badges', kind: 'boolean', default: true },
	{ key: 'avatars', kind: 'boolean', default: false },
	{ key: 'emotes', kind: 'boolean', default: true },
	{ key: 'plate', kind: 'boolean', default: true },
	{ key: 'plateColor', kind: 'color', default: '#000000a6' },
	{ key: 'direction', kind: 'select', default: 'bottom', choices: ['bottom', 'top'] }
]);

export const eventsWidget = widget('events', 'Recent events', { size: 22 }, [
	{ key: 'mode', kind: 'select', default: 'list', choices: ['list', 'popup'] },
	{ key: 'limit', kind: 'number', default: 5, min: 1, max: 50, integer: true },
	{ key: 'duration', kind: 'number', default: 0, min: 0, max: 3600 },
	{ key: 'include', kind: 'list', default: [] },
	{ key: 'exclude', kind: 'list', default: ['variableChanged'] },
	{ key: 'replays', kind: 'boolean', default: false },
	...cardColors
]);

export const goalWidget = widget('goal', 'Goal', { size: 28 }, [
	{
		key: 'preset',
		kind: 'select',
		default: 'followers',
		choices: ['followers', 'subscribers', 'bits', 'tips', 'superchats', 'hypetrain']
	},
	{ key: 'current', kind: 'text', default: '', maxLength: 120 },
	{ key: 'target', kind: 'text', default: '', maxLength: 120 },
	{ key: 'label', kind: 'text', default: '', maxLength: 120 },
	numberFormat('grouped'),
	{ key: 'barColor', kind: 'color', default: '#7c5cff' },
	{ key: 'celebrate', kind: 'boolean', default: true },
	{ key: 'hideAfter', kind: 'number', default: 0, min: 0, max: 3600 },
	{ key: 'interval', kind: 'number', default: 2000, min: 250, max: 60000 }
]);

export const statsWidget = widget('stats', 'Stream stats', { size: 24 }, [
	{ key: 'platforms', kind: 'list', default: [] },
	{ key: 'sum', kind: 'boolean', default: false },
	{ key: 'layout', kind: 'select', default: 'line', choices: ['line', 'stack'] },
	{ key: 'uptime', kind: 'boolean', default: true },
	{ key: 'viewers', kind: 'boolean', default: true },
	{ key: 'interval', kind: 'number', default: 5000, min: 1000, max: 60000 }
]);

export const timerWidget = widget('timer', 'Timer', { size: 64, align: 'center' }, [
	{ key: 'mode', kind: 'select', default: 'length', choices: ['length', 'to', 'up', 'subathon'] },
	{ key: 'name', kind: 'text', default: 'timer_main', maxLength: 120 },
	{ key: 'length', kind: 'number', default: 300, min: 1, max: 604_800 },
	{ key: 'to', kind: 'text', default: '', maxLength: 40 },
	{ key: 'subathon', kind: 'text', default: 'subscriber=60,bits=1/100', maxLength: 300 },
	{ key: 'label', kind: 'text', default: '', maxLength: 120 },
	{ key: 'zeroText', kind: 'text', default: '', maxLength: 120 },
	{ key: 'hideAtZero', kind: 'boolean', default: false },
	{ key: 'interval', kind: 'number', default: 2000, min: 250, max: 60000 }
]);

export const alertBoxWidget = widget('alert-box', 'Alert box', { size: 32, align: 'center' }, [
	{ key: 'off', kind: 'list', default: [] },
	{ key: 'look', kind: 'look', default: '' },
	...ALERT_KINDS.flatMap((kind): OptionField[] => [
		{ key: `${kind}Text`, kind: 'text', default: DEFAULT_TEMPLATES[kind], maxLength: 200 },
		{ key: `${kind}Look`, kind: 'look', default: '' }
	]),
	{ key: 'variations', kind: 'variations', default: '', kinds: ALERT_KINDS },
	{ key: 'gap', kind: 'number', default: 1, min: 0, max: 60 },
	{ key: 'message', kind: 'boolean', default: true },
	{ key: 'replays', kind: 'boolean', default: false },
	{ key: 'control', kind: 'text', default: DEFAULT_CONTROL_VARIABLE, maxLength: 120 },
	{ key: 'interval', kind: 'number', default: 1000, min: 250, max: 60000 },
	...cardColors
]);

export const WIDGETS: readonly WidgetDefinition[] = [
	counterWidget,
	songQueueWidget,
	nowPlayingWidget,
	chatWidget,
	eventsWidget,
	goalWidget,
	statsWidget,
	timerWidget,
	alertBoxWidget
];

export function widgetById(id: string): WidgetDefinition | undefined {
	return WIDGETS.find((w) => w.id === id);
}
