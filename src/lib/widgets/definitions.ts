/**
 * The widgets and their option schemas: each widget's URL parser and the builder form both read these.
 * The form's words for each option are in form-text.ts, apart, so that widget.html carries none of them.
 */
import {
	booleanField as bool,
	colorField as color,
	defineWidget,
	listField as list,
	numberField as num,
	selectField as select,
	textField as text,
	type OptionField,
	type WidgetDefinition
} from './options';
import { styleFields } from './style';
import { ALERT_KINDS, DEFAULT_TEMPLATES } from './alert-box/kinds';
import { DEFAULT_CONTROL_VARIABLE } from '../protocol/alert-control';
import { baseLocale, locales } from '$lib/paraglide/runtime';

const debug = bool('debug', false);
/** The language viewers see (i18n.ts): English unless the builder sets another. */
const lang = select('lang', locales, baseLocale);

/** A widget: its own fields, then the look every widget shares (style.ts), its language and debug. */
const widget = (
	id: string,
	style: Parameters<typeof styleFields>[0],
	fields: OptionField[]
): WidgetDefinition =>
	defineWidget({ id, fields: [...fields, ...styleFields(style), lang, debug] });

const numberFormat = (fallback: string): OptionField =>
	select('format', ['plain', 'grouped', 'compact', 'fixed2'], fallback);
/** Every widget's `interval` option (ms), with its own default and minimum. */
const interval = (fallback: number, min = 250): OptionField =>
	num('interval', fallback, min, 60000);
const barColor = color('barColor', '#7c5cff');
/** The card and accent colours of widgets that show cards (events, songs, alerts). */
const cardColors: OptionField[] = [color('card', '#000000b3'), color('accent', '#7c5cff')];

export const counterWidget = widget('counter', { size: 64, align: 'center' }, [
	text('name'),
	text('label'),
	text('prefix', 40),
	text('suffix', 40),
	numberFormat('plain'),
	select('animation', ['none', 'pop', 'slide', 'flash'], 'pop'),
	num('goal', 0, 0, 1e12),
	barColor,
	interval(1000)
]);

const SONG_STYLE = { size: 20 };
const songFields = (limitDefault: number | null): OptionField[] => [
	...(limitDefault === null ? [] : [num('limit', limitDefault, 0, 25, true)]),
	bool('cover', true),
	bool('requester', true),
	bool('progress', true),
	bool('hideIdle', true),
	...cardColors,
	interval(2000, 500)
];

export const songQueueWidget = widget('song-queue', SONG_STYLE, songFields(5));
export const nowPlayingWidget = widget('now-playing', SONG_STYLE, songFields(null));

export const chatWidget = widget('chat', { size: 20 }, [
	num('limit', 20, 1, 100, true),
	num('fade', 0, 0, 3600),
	bool('hideCommands', true),
	list('hideUsers'),
	bool('platformIcons', true),
	bool('userColors', true),
	bool('badges', true),
	bool('avatars', false),
	bool('emotes', true),
	bool('plate', true),
	color('plateColor', '#000000a6'),
	select('direction', ['bottom', 'top'])
]);

export const eventsWidget = widget('events', { size: 22 }, [
	select('mode', ['list', 'popup']),
	num('limit', 5, 1, 50, true),
	num('duration', 0, 0, 3600),
	list('include'),
	list('exclude', ['variableChanged']),
	bool('replays', false),
	...cardColors
]);

export const goalWidget = widget('goal', { size: 28 }, [
	select('preset', ['followers', 'subscribers', 'bits', 'tips', 'superchats', 'hypetrain']),
	text('current'),
	text('target'),
	text('label'),
	numberFormat('grouped'),
	barColor,
	bool('celebrate', true),
	num('hideAfter', 0, 0, 3600),
	interval(2000)
]);

export const statsWidget = widget('stats', { size: 24 }, [
	list('platforms'),
	bool('sum', false),
	select('layout', ['line', 'stack']),
	bool('uptime', true),
	bool('viewers', true),
	interval(5000, 1000)
]);

export const timerWidget = widget('timer', { size: 64, align: 'center' }, [
	select('mode', ['length', 'to', 'up', 'subathon']),
	text('name', 120, 'timer_main'),
	num('length', 300, 1, 604_800),
	text('to', 40),
	text('subathon', 300, 'subscriber=60,bits=1/100'),
	text('label'),
	text('zeroText'),
	bool('hideAtZero', false),
	interval(2000)
]);

export const alertBoxWidget = widget('alert-box', { size: 32, align: 'center' }, [
	list('off'),
	{ key: 'look', kind: 'look', default: '' },
	...ALERT_KINDS.flatMap((kind): OptionField[] => [
		text(`${kind}Text`, 200, DEFAULT_TEMPLATES[kind]),
		{ key: `${kind}Look`, kind: 'look', default: '' }
	]),
	{ key: 'variations', kind: 'variations', default: '', kinds: ALERT_KINDS },
	num('gap', 1, 0, 60),
	bool('message', true),
	bool('replays', false),
	text('control', 120, DEFAULT_CONTROL_VARIABLE),
	interval(1000),
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
