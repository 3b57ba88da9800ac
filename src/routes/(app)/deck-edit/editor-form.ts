/**
 * The button editor's fields, flat, and the button they make: checked by the deck's schema and by the
 * catalog (the request the action sends), each issue placed under the field it names.
 */
import * as v from 'valibot';
import { checkAction } from '$lib/app/deck/check-action';
import type { InputBindings, PressMode } from '$lib/app/deck/bindings';
import type { IconName } from '$lib/app/deck/icon-names';
import {
	DeckButtonSchema,
	type DeckAction,
	type DeckActionKind,
	type DeckButton,
	type TriggerType
} from '$lib/app/deck/layout';
import { toFieldIssues, type Action } from '$lib/protocol';

export interface EditorFields {
	label: string;
	colored: boolean;
	color: string;
	symbol: 'none' | 'emoji' | 'icon';
	emoji: string;
	icon: IconName;
	live: string;
	kind: DeckActionKind;
	triggerType: TriggerType;
	name: string;
	lightColor: string;
	step: 'add' | 'subtract' | 'set';
	amount: number;
	toggle: 'stream-mode' | 'light-control' | 'fuze';
	switchTarget: 'command' | 'folder' | 'layer';
	on: boolean;
	routine: { name: string; actions: Action[] };
	textTarget: 'chat' | 'announcement';
	text: string;
	page: string;
	timerOp: 'start' | 'pause' | 'add' | 'reset';
	seconds: number;
	alertAction: 'pause' | 'resume' | 'skip' | 'replay';
	press: PressMode;
	inputs: InputBindings;
}

export function fieldsOf(b: DeckButton, firstPage = ''): EditorFields {
	const a = b.action;
	return {
		label: b.look.label,
		colored: Boolean(b.look.color),
		color: b.look.color ?? '#6d4aff',
		symbol: b.look.emoji ? 'emoji' : b.look.icon ? 'icon' : 'none',
		emoji: b.look.emoji ?? '',
		icon: b.look.icon ?? 'star',
		live: b.look.live ?? '',
		kind: a.kind,
		triggerType: a.kind === 'trigger' ? a.type : 'chat-command',
		name:
			a.kind === 'trigger' || a.kind === 'counter' || a.kind === 'switch' || a.kind === 'timer'
				? a.name
				: a.kind === 'alerts'
					? a.variable
					: '',
		lightColor: a.kind === 'light' ? a.color : '#ff8800',
		step: a.kind === 'counter' ? a.step : 'add',
		amount: a.kind === 'counter' ? a.amount : 1,
		toggle: a.kind === 'toggle' ? a.target : 'stream-mode',
		switchTarget: a.kind === 'switch' ? a.target : 'command',
		on: a.kind === 'switch' ? a.on : true,
		routine:
			a.kind === 'routine'
				? { name: a.name, actions: a.actions as Action[] }
				: { name: '', actions: [] },
		textTarget: a.kind === 'text' ? a.target : 'chat',
		text: a.kind === 'text' ? a.text : '',
		page: a.kind === 'page' ? a.page : firstPage,
		timerOp: a.kind === 'timer' ? a.op : 'add',
		seconds: a.kind === 'timer' ? a.seconds : 60,
		alertAction: a.kind === 'alerts' ? a.action : 'pause',
		press: b.press,
		inputs: b.inputs ?? {}
	};
}

/** Each kind's action made from the fields it uses. */
const ACTION_OF: { [K in DeckActionKind]: (f: EditorFields) => Extract<DeckAction, { kind: K }> } =
	{
		trigger: (f) => ({ kind: 'trigger', type: f.triggerType, name: f.name }),
		light: (f) => ({ kind: 'light', color: f.lightColor }),
		counter: (f) => ({ kind: 'counter', name: f.name, step: f.step, amount: Number(f.amount) }),
		toggle: (f) => ({ kind: 'toggle', target: f.toggle }),
		switch: (f) => ({ kind: 'switch', target: f.switchTarget, name: f.name, on: f.on }),
		routine: (f) => ({ kind: 'routine', name: f.routine.name, actions: f.routine.actions }),
		text: (f) => ({ kind: 'text', target: f.textTarget, text: f.text }),
		page: (f) => ({ kind: 'page', page: f.page }),
		timer: (f) => ({ kind: 'timer', name: f.name, op: f.timerOp, seconds: Number(f.seconds) }),
		alerts: (f) => ({ kind: 'alerts', action: f.alertAction, variable: f.name })
	};

/** Which form field an issue's path points at. */
function fieldOf(path: string): string {
	if (path.startsWith('look.')) return path.slice(5).split(/[.[]/)[0]!;
	const key = path.replace(/^(action|params)\./, '').split(/[.[]/)[0]!;
	if (key === 'value' || key === 'layer' || key === 'variable') return 'name';
	if (key === 'color') return 'lightColor';
	if (key === 'actions') return 'routine';
	return key;
}

export type Made = { ok: true; button: DeckButton } | { ok: false; errors: Record<string, string> };

/** The edited button, or the broken rule per field ("Name is required (name)"). */
export function makeButton(base: DeckButton, f: EditorFields): Made {
	const candidate = {
		...base,
		look: {
			label: f.label.trim(),
			...(f.colored ? { color: f.color } : {}),
			...(f.symbol === 'emoji' && f.emoji.trim() ? { emoji: f.emoji.trim() } : {}),
			...(f.symbol === 'icon' ? { icon: f.icon } : {}),
			...(f.live.trim() ? { live: f.live.trim() } : {})
		},
		action: ACTION_OF[f.kind](f),
		press: f.press,
		inputs: f.inputs
	};
	const errors: Record<string, string> = {};
	const parsed = v.safeParse(DeckButtonSchema, candidate);
	if (!parsed.success)
		for (const i of toFieldIssues(parsed.issues)) errors[fieldOf(i.field)] ??= i.rule;
	else {
		const request = checkAction(parsed.output.action);
		if (!request.ok) for (const i of request.issues) errors[fieldOf(i.field)] ??= i.rule;
	}
	if (f.kind === 'text' && !f.text.trim()) errors.text ??= 'is required';
	return Object.keys(errors).length || !parsed.success
		? { ok: false, errors }
		: { ok: true, button: parsed.output };
}
