/**
 * What a button shows of the state it acts on: only what the application reported (the `states` flags,
 * a variable read), never a guess flipped on tap; "unknown" when it cannot be known (no report yet,
 * or the connection is not open); and a plain statement where the interface cannot read it back.
 */
import type { States } from '$lib/protocol';
import { toggleState } from './actions';
import type { DeckAction } from './layout';
import { fillTemplate, templateNames } from './live-text';

export interface LiveSource {
	/** The connection is open: a report is current. */
	open: boolean;
	states?: States;
	/** Variable values as read (by name). */
	values: Readonly<Record<string, unknown>>;
}

export type LiveState =
	| { kind: 'none' }
	/** `on` undefined: unknown. */
	| { kind: 'toggle'; on?: boolean; text: string }
	| { kind: 'counter'; value?: string; text: string }
	/** `text` is the whole line: what a press does, then why no state shows (`does · note`). */
	| { kind: 'unreadable'; text: string; does: string; note: string };

export const UNKNOWN = 'unknown';

export function liveState(action: DeckAction, source: LiveSource): LiveState {
	switch (action.kind) {
		case 'toggle': {
			const on = source.open ? toggleState(action.target, source.states) : undefined;
			return { kind: 'toggle', on, text: on === undefined ? UNKNOWN : on ? 'On' : 'Off' };
		}
		case 'counter': {
			const raw = source.open ? source.values[action.name] : undefined;
			const value =
				raw === undefined || raw === null || raw === '' || typeof raw === 'object'
					? undefined
					: String(raw);
			return { kind: 'counter', value, text: value ?? UNKNOWN };
		}
		case 'switch': {
			const does = `Sets it ${action.on ? 'on' : 'off'}`;
			const note = 'state unreadable';
			return { kind: 'unreadable', text: `${does} · ${note}`, does, note };
		}
		default:
			return { kind: 'none' };
	}
}

/** Variables a button reads: its counter and the names in its live text. */
export function variablesOf(button: { action: DeckAction; look: { live?: string } }): string[] {
	const names = templateNames(button.look.live);
	return button.action.kind === 'counter' ? [button.action.name, ...names] : names;
}

/** A button's live text, or undefined when it has none; unknown values while the connection is down. */
export function liveText(template: string | undefined, source: LiveSource): string | undefined {
	if (!template) return undefined;
	return fillTemplate(template, source.open ? source.values : {});
}
