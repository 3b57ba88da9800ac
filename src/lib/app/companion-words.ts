/**
 * The companion's refusals in the dashboard's language: the server sends each as a kind and its values
 * (lib/share/companion-refusals.ts) beside its English text, which stays the words for a kind this page does not
 * know. Imported by the pages that show them (Share, the widget builder's keys, the scene check).
 */
import * as m from '$lib/app/messages';
import type { RefusalData, RefusalKind } from '$lib/share/companion-refusals';

type Said = (params: RefusalData['params']) => string | undefined;
const plain = (say: () => string): Said => say;

const SAID: Record<RefusalKind, Said> = {
	scene_needs_token: plain(m.companion_refused_scene_needs_token),
	scene_share_key: plain(m.companion_refused_scene_share_key),
	token_not_accepted: plain(m.companion_refused_token_not_accepted),
	token_unchecked: plain(m.companion_refused_token_unchecked),
	management_needs_token: plain(m.companion_refused_management_needs_token),
	widget_keys_need_token: plain(m.companion_refused_widget_keys_need_token),
	widget_keys_share_key: plain(m.companion_refused_widget_keys_share_key),
	widget_keys_token_rejected: plain(m.companion_refused_widget_keys_token_rejected),
	widget_keys_unreachable: plain(m.companion_refused_widget_keys_unreachable),
	no_real_token: plain(m.companion_refused_no_real_token),
	not_this_pc: plain(m.companion_refused_not_this_pc),
	simulator_shares: plain(m.companion_refused_simulator_shares),
	token_not_sent: plain(m.companion_refused_token_not_sent),
	other_token: plain(m.companion_refused_other_token),
	app_not_answering: plain(m.companion_refused_app_not_answering),
	app_rejected_token: plain(m.companion_refused_app_rejected_token),
	app_answered: ({ status }) =>
		typeof status === 'number' ? m.companion_refused_app_answered({ status }) : undefined,
	token_not_saved: ({ error }) =>
		typeof error === 'string' ? m.companion_refused_token_not_saved({ error }) : undefined
};

/**
 * A refusal in the dashboard's language; the server's own English words when it named no kind this
 * page knows (a newer companion), or values that do not fit it.
 */
export function companionSays(answer: { companionRefusal?: RefusalData; message: string }): string {
	const kind = answer.companionRefusal?.kind;
	const say =
		kind !== undefined && Object.hasOwn(SAID, kind) ? SAID[kind as RefusalKind] : undefined;
	return say?.(answer.companionRefusal!.params) ?? answer.message;
}
