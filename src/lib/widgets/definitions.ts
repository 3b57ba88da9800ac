/** The widgets and their option schemas: the builder form and each widget's URL parser both read these. */
import { defineWidget, type OptionField, type WidgetDefinition } from './options';
import { styleFields } from './style';

const debug: OptionField = { key: 'debug', label: 'Debug corner (connection, last update, last error)', kind: 'boolean', default: false };

export const counterWidget = defineWidget({
	id: 'counter',
	title: 'Counter',
	description: 'A counter or any variable, with an optional goal bar.',
	fields: [
		{ key: 'name', label: 'Variable name', kind: 'text', default: '', maxLength: 120, placeholder: 'deaths' },
		{ key: 'label', label: 'Label', kind: 'text', default: '', maxLength: 120 },
		{ key: 'prefix', label: 'Prefix', kind: 'text', default: '', maxLength: 40 },
		{ key: 'suffix', label: 'Suffix', kind: 'text', default: '', maxLength: 40 },
		{
			key: 'format',
			label: 'Number format',
			kind: 'select',
			default: 'plain',
			choices: [
				{ value: 'plain', label: 'Plain (1234)' },
				{ value: 'grouped', label: 'Grouped (1,234)' },
				{ value: 'compact', label: 'Compact (1.2K)' },
				{ value: 'fixed2', label: 'Two decimals (1234.00)' }
			]
		},
		{
			key: 'animation',
			label: 'On change',
			kind: 'select',
			default: 'pop',
			choices: [
				{ value: 'none', label: 'No animation' },
				{ value: 'pop', label: 'Pop' },
				{ value: 'slide', label: 'Slide' },
				{ value: 'flash', label: 'Flash' }
			]
		},
		{ key: 'goal', label: 'Goal (0 = none)', kind: 'number', default: 0, min: 0, max: 1e12 },
		{ key: 'barColor', label: 'Goal bar colour', kind: 'color', default: '#7c5cff' },
		{ key: 'interval', label: 'Polling interval', kind: 'number', default: 1000, min: 250, max: 60000, step: 250, unit: 'ms' },
		...styleFields({ size: 64, align: 'center' }),
		debug
	]
});

const songStyle = styleFields({ size: 20 });
const songFields = (limitDefault: number | null): OptionField[] => [
	...(limitDefault === null ? [] : [{ key: 'limit', label: 'Requests shown', kind: 'number', default: limitDefault, min: 0, max: 25, integer: true } as OptionField]),
	{ key: 'cover', label: 'Show cover', kind: 'boolean', default: true },
	{ key: 'requester', label: 'Show requester', kind: 'boolean', default: true },
	{ key: 'progress', label: 'Show progress bar', kind: 'boolean', default: true },
	{ key: 'hideIdle', label: 'Hide when nothing plays', kind: 'boolean', default: true },
	{ key: 'card', label: 'Card colour', kind: 'color', default: '#000000b3' },
	{ key: 'accent', label: 'Accent colour', kind: 'color', default: '#7c5cff' },
	{ key: 'interval', label: 'Polling interval', kind: 'number', default: 2000, min: 500, max: 60000, step: 250, unit: 'ms' },
	...songStyle,
	debug
];

export const songQueueWidget = defineWidget({
	id: 'song-queue',
	title: 'Song queue',
	description: 'The song playing and the next requests.',
	fields: songFields(5)
});

export const nowPlayingWidget = defineWidget({
	id: 'now-playing',
	title: 'Now playing',
	description: 'The song playing, as a compact card.',
	fields: songFields(null)
});

export const chatWidget = defineWidget({
	id: 'chat',
	title: 'Chat',
	description: 'The latest chat messages from every platform.',
	fields: [
		{ key: 'limit', label: 'Messages shown', kind: 'number', default: 20, min: 1, max: 100, integer: true },
		{ key: 'fade', label: 'Fade out after (0 = never)', kind: 'number', default: 0, min: 0, max: 3600, unit: 's' },
		{ key: 'hideCommands', label: 'Hide commands (!…)', kind: 'boolean', default: false },
		{ key: 'hideUsers', label: 'Hide these users (bots)', kind: 'list', default: [], placeholder: 'nightbot, streamelements' },
		{ key: 'platformIcons', label: 'Platform icons', kind: 'boolean', default: true },
		{ key: 'userColors', label: 'User colours', kind: 'boolean', default: true },
		{ key: 'plate', label: 'Background plate behind each message', kind: 'boolean', default: false, help: 'Keeps text readable over a busy scene.' },
		{ key: 'plateColor', label: 'Plate colour', kind: 'color', default: '#000000a6' },
		{
			key: 'direction',
			label: 'Newest',
			kind: 'select',
			default: 'bottom',
			choices: [
				{ value: 'bottom', label: 'At the bottom' },
				{ value: 'top', label: 'At the top' }
			]
		},
		...styleFields({ size: 20 }),
		debug
	]
});

export const eventsWidget = defineWidget({
	id: 'events',
	title: 'Recent events',
	description: 'Follows, subscriptions, donations and other alerts.',
	fields: [
		{
			key: 'mode',
			label: 'Display',
			kind: 'select',
			default: 'list',
			choices: [
				{ value: 'list', label: 'List of the latest' },
				{ value: 'popup', label: 'One at a time' }
			]
		},
		{ key: 'limit', label: 'Events in the list', kind: 'number', default: 5, min: 1, max: 50, integer: true },
		{ key: 'duration', label: 'Show each for (0 = keep)', kind: 'number', default: 0, min: 0, max: 3600, unit: 's' },
		{ key: 'include', label: 'Only these (parts of alert keys)', kind: 'list', default: [], placeholder: 'follower, subscriber, donation' },
		{ key: 'exclude', label: 'Never these (parts of alert keys)', kind: 'list', default: ['variableChanged'], placeholder: 'variableChanged, switchSong' },
		{ key: 'replays', label: 'Show replays', kind: 'boolean', default: false },
		{ key: 'card', label: 'Card colour', kind: 'color', default: '#000000b3' },
		{ key: 'accent', label: 'Accent colour', kind: 'color', default: '#7c5cff' },
		...styleFields({ size: 22 }),
		debug
	]
});

export const WIDGETS: readonly WidgetDefinition[] = [counterWidget, songQueueWidget, nowPlayingWidget, chatWidget, eventsWidget];

export function widgetById(id: string): WidgetDefinition | undefined {
	return WIDGETS.find((w) => w.id === id);
}
