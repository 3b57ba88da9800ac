/** Why a deck button cannot be pressed now: the state line says it, and the button is disabled. */
import type { Dashboard } from '$lib/app/dashboard.svelte';
import { sendTypeOf } from '$lib/app/deck/actions';
import type { DeckAction } from '$lib/app/deck/layout';

/**
 * Its page is gone, the connection or a share link stops its request, or what it names has left
 * the setup; undefined when it can be pressed.
 */
export function tileReason(
	action: DeckAction,
	dashboard: Pick<Dashboard, 'reasonFor' | 'connection'>,
	pageName: (id: string) => string | undefined
): string | undefined {
	if (action.kind === 'page') return pageName(action.page) ? undefined : 'that page is gone';
	const type = sendTypeOf(action);
	const why = type && dashboard.reasonFor(type);
	if (why) return why;
	// A trigger names something of the setup: gone from it, the button says so instead of failing at the press.
	if (action.kind !== 'trigger') return undefined;
	const names = dashboard.connection.capabilities?.get(action.type).names;
	return names && !names.includes(action.name) ? 'not in this setup' : undefined;
}
