/**
 * Everything the edit mode's picker offers: the setup's names for each trigger type (read through the
 * capabilities), the readable toggles, colours, the counters and folders kept on this device, command
 * switches, saved routines, and the kinds that need details first (text, a layer, a page jump).
 */
import type { Capabilities } from '$lib/client/capabilities';
import {
	ALERT_BOX_ACTIONS,
	KIND_TITLES,
	TIMER_OP_TITLES,
	LIGHT_COLOURS,
	TOGGLES,
	alertText,
	lightLabel,
	triggerTitle
} from '$lib/app/deck/actions';
import { DEFAULT_TIMER_VARIABLE } from '$lib/protocol/timer-state';
import { DEFAULT_CONTROL_VARIABLE } from '$lib/protocol/alert-control';
import { TRIGGER_TYPES, type DeckAction } from '$lib/app/deck/layout';
import type { Action } from '$lib/protocol';

export interface PickerItem {
	key: string;
	title: string;
	section: string;
	action: DeckAction;
	/** Needs details before it can be a button: the editor opens first. */
	details?: boolean;
}

export interface PickerSources {
	capabilities: Capabilities | undefined;
	counters: readonly string[];
	folders: readonly string[];
	routines: readonly { name: string; actions: Action[] }[];
	pages: readonly { id: string; name: string }[];
}

export function pickerItems(s: PickerSources): PickerItem[] {
	const items: PickerItem[] = [];
	const add = (section: string, title: string, action: DeckAction, details = false) =>
		items.push({ key: `${section}:${title}:${items.length}`, title, section, action, details });
	for (const type of TRIGGER_TYPES) {
		const capability = s.capabilities?.get(type);
		if (!capability?.offered) continue;
		for (const name of capability.names ?? []) {
			const title = type === 'alert' ? alertText(name) : name;
			add(triggerTitle(type), title, { kind: 'trigger', type, name });
		}
	}
	for (const [target, toggle] of Object.entries(TOGGLES))
		add('Toggles', toggle.label, { kind: 'toggle', target: target as keyof typeof TOGGLES });
	for (const [, color] of LIGHT_COLOURS)
		add(KIND_TITLES.light, lightLabel(color), { kind: 'light', color });
	for (const name of s.counters) {
		add('Counters', `${name} +1`, { kind: 'counter', name, step: 'add', amount: 1 });
		add('Counters', `${name} −1`, { kind: 'counter', name, step: 'subtract', amount: 1 });
		add('Counters', `${name} = 0`, { kind: 'counter', name, step: 'set', amount: 0 });
	}
	add(
		'Counters',
		'Another counter…',
		{ kind: 'counter', name: 'deaths', step: 'add', amount: 1 },
		true
	);
	for (const name of s.capabilities?.get('chat-command').names ?? []) {
		add('Commands on or off', `Enable ${name}`, {
			kind: 'switch',
			target: 'command',
			name,
			on: true
		});
		add('Commands on or off', `Disable ${name}`, {
			kind: 'switch',
			target: 'command',
			name,
			on: false
		});
	}
	for (const name of s.folders) {
		add('Folders on or off', `Enable folder ${name}`, {
			kind: 'switch',
			target: 'folder',
			name,
			on: true
		});
		add('Folders on or off', `Disable folder ${name}`, {
			kind: 'switch',
			target: 'folder',
			name,
			on: false
		});
	}
	add(
		'Overlays',
		'Show or hide a layer…',
		{ kind: 'switch', target: 'layer', name: 'layer id', on: true },
		true
	);
	for (const routine of s.routines)
		add(KIND_TITLES.routine, routine.name, {
			kind: 'routine',
			name: routine.name.slice(0, 80),
			actions: routine.actions
		});
	add(KIND_TITLES.text, 'Chat line…', { kind: 'text', target: 'chat', text: 'Hello chat!' }, true);
	add(
		KIND_TITLES.text,
		'Announcement…',
		{ kind: 'text', target: 'announcement', text: 'Announcement' },
		true
	);
	// The timer widget's default variable; the editor changes it for a second timer.
	for (const op of ['start', 'pause', 'add', 'reset'] as const)
		add(
			KIND_TITLES.timer,
			op === 'add' ? 'Add 60 s to the timer' : `${TIMER_OP_TITLES[op]} the timer`,
			{ kind: 'timer', name: DEFAULT_TIMER_VARIABLE, op, seconds: op === 'add' ? 60 : 300 }
		);
	for (const [action, title] of Object.entries(ALERT_BOX_ACTIONS))
		add(KIND_TITLES.alerts, title, {
			kind: 'alerts',
			action: action as keyof typeof ALERT_BOX_ACTIONS,
			variable: DEFAULT_CONTROL_VARIABLE
		});
	for (const page of s.pages)
		add(KIND_TITLES.page, `Go to ${page.name}`, { kind: 'page', page: page.id });
	return items;
}

export function pickerMatches(item: PickerItem, query: string): boolean {
	const q = query.trim().toLowerCase();
	return !q || item.title.toLowerCase().includes(q) || item.section.toLowerCase().includes(q);
}
