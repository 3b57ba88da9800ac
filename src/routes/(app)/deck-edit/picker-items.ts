/**
 * Everything the edit mode's picker offers: the setup's names for each trigger type (read through the
 * capabilities), the readable toggles, colours, the counters and folders kept on this device, command
 * switches, saved routines, and the kinds that need details first (text, a layer, a page jump).
 */
import type { Capabilities } from '$lib/client/capabilities';
import { ALERT_BOX_ACTIONS, LIGHT_COLOURS, TOGGLES } from '$lib/app/deck/actions';
import { DEFAULT_TIMER_VARIABLE } from '$lib/protocol/timer-state';
import { DEFAULT_CONTROL_VARIABLE } from '$lib/protocol/alert-control';
import { TRIGGER_TYPES, type DeckAction } from '$lib/app/deck/layout';
import type { Action } from '$lib/protocol';
import { language } from '$lib/app/language.svelte';
import * as m from '$lib/app/messages';
import { alertWordsOf, labelWords, lightWords, triggerWords } from './action-words';

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
			const title = type === 'alert' ? alertWordsOf(name) : name;
			add(triggerWords(type), title, { kind: 'trigger', type, name });
		}
	}
	for (const target of Object.keys(TOGGLES) as (keyof typeof TOGGLES)[]) {
		const action = { kind: 'toggle', target } as const;
		add(m.actions_sec_toggles(), labelWords(action), action);
	}
	for (const [, color] of LIGHT_COLOURS)
		add(m.edit_kind_light(), lightWords(color), { kind: 'light', color });
	for (const name of s.counters) {
		add(m.actions_sec_counters(), `${name} +1`, { kind: 'counter', name, step: 'add', amount: 1 });
		add(m.actions_sec_counters(), `${name} −1`, {
			kind: 'counter',
			name,
			step: 'subtract',
			amount: 1
		});
		add(m.actions_sec_counters(), `${name} = 0`, { kind: 'counter', name, step: 'set', amount: 0 });
	}
	add(
		m.actions_sec_counters(),
		m.actions_pick_another_counter(),
		{ kind: 'counter', name: 'deaths', step: 'add', amount: 1 },
		true
	);
	// Each chat command, then each folder, on and off.
	const switches = [
		[
			'command',
			m.actions_sec_commands(),
			s.capabilities?.get('chat-command').names ?? [],
			m.actions_enable,
			m.actions_disable
		],
		[
			'folder',
			m.actions_sec_folders(),
			s.folders,
			m.actions_enable_folder,
			m.actions_disable_folder
		]
	] as const;
	for (const [target, section, names, enable, disable] of switches)
		for (const name of names) {
			add(section, enable({ name }), { kind: 'switch', target, name, on: true });
			add(section, disable({ name }), { kind: 'switch', target, name, on: false });
		}
	add(
		m.actions_sec_overlays(),
		m.actions_pick_layer(),
		{ kind: 'switch', target: 'layer', name: 'layer id', on: true },
		true
	);
	for (const routine of s.routines)
		add(m.edit_kind_routine(), routine.name, {
			kind: 'routine',
			name: routine.name.slice(0, 80),
			actions: routine.actions
		});
	add(
		m.edit_kind_text(),
		m.actions_pick_chat_line(),
		{ kind: 'text', target: 'chat', text: m.actions_hello_chat() },
		true
	);
	add(
		m.edit_kind_text(),
		m.actions_pick_announcement(),
		{ kind: 'text', target: 'announcement', text: m.actions_announcement() },
		true
	);
	// The timer widget's default variable; the editor changes it for a second timer.
	const timerTitles = {
		start: m.actions_pick_timer_start(),
		pause: m.actions_pick_timer_pause(),
		add: m.actions_pick_timer_add({ seconds: new Intl.NumberFormat(language.current).format(60) }),
		reset: m.actions_pick_timer_reset()
	};
	for (const op of ['start', 'pause', 'add', 'reset'] as const)
		add(m.edit_kind_timer(), timerTitles[op], {
			kind: 'timer',
			name: DEFAULT_TIMER_VARIABLE,
			op,
			seconds: op === 'add' ? 60 : 300
		});
	for (const action of Object.keys(ALERT_BOX_ACTIONS) as (keyof typeof ALERT_BOX_ACTIONS)[]) {
		const alerts = { kind: 'alerts', action, variable: DEFAULT_CONTROL_VARIABLE } as const;
		add(m.edit_kind_alerts(), labelWords(alerts), alerts);
	}
	for (const page of s.pages)
		add(m.edit_kind_page(), m.actions_go_to({ name: page.name }), { kind: 'page', page: page.id });
	return items;
}

export function pickerMatches(item: PickerItem, query: string): boolean {
	const q = query.trim().toLowerCase();
	return !q || item.title.toLowerCase().includes(q) || item.section.toLowerCase().includes(q);
}
