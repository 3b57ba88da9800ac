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

/**
 * Data, not words: the tile says it in the dashboard's language (TileState), so this stays plain logic.
 */
export type LiveState =
	| { kind: 'none' }
	/** `on` undefined: unknown. */
	| { kind: 'toggle'; on?: boolean }
	/** `value` undefined: unknown. */
	| { kind: 'counter'; value?: string }
	/** A switch: what a press sets (`sets`), and no state shows, since none can be read back. */
	| { kind: 'unreadable'; sets: boolean };

export function liveState(action: DeckAction, source: LiveSource): LiveState {
	switch (action.kind) {
		case 'toggle': {
			const on = source.open ? toggleState(action.target, source.states) : undefined;
			return { kind: 'toggle', on };
		}
		case 'counter': {
			const raw = source.open ? source.values[action.name] : undefined;
			const value =
				raw === undefined || raw === null || raw === '' || typeof raw === 'object'
					? undefined
					: String(raw);
			return { kind: 'counter', value };
		}
		case 'switch':
			return { kind: 'unreadable', sets: action.on };
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
