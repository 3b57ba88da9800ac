/** Why a deck button cannot be pressed now: the state line says it, and the button is disabled. */
import type { Dashboard } from '$lib/app/dashboard.svelte';
import { sendTypeOf } from '$lib/app/deck/actions';
import type { DeckAction } from '$lib/app/deck/layout';
import * as m from '$lib/app/messages';

/**
 * Its page is gone, the connection or a share link stops its request, or what it names has left
 * the setup; undefined when it can be pressed. The connection's and a share link's reasons come from
 * lib/client and lib/app as they are; this file's own are in the dashboard's language.
 */
export function tileReason(
	action: DeckAction,
	dashboard: Pick<Dashboard, 'reasonFor' | 'connection'>,
	pageName: (id: string) => string | undefined
): string | undefined {
	if (action.kind === 'page') return pageName(action.page) ? undefined : m.deck_reason_page_gone();
	const type = sendTypeOf(action);
	const why = type && dashboard.reasonFor(type);
	if (why) return why;
	// A trigger names something of the setup: gone from it, the button says so instead of failing at the press.
	if (action.kind !== 'trigger') return undefined;
	const names = dashboard.connection.capabilities?.get(action.type).names;
	return names && !names.includes(action.name) ? m.deck_reason_not_in_setup() : undefined;
}
