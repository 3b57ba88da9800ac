/** What each feature of the interface gives this dashboard, said at render in the dashboard's language. */
import type { Feature } from '$lib/protocol';
import * as m from '$lib/app/messages';

export const FEATURE_UNLOCKS: Record<Feature, () => string> = {
	meta: m.about_unlock_meta,
	'retrieve-slim': m.about_unlock_retrieve_slim,
	'structured-errors': m.about_unlock_structured_errors,
	'name-validation': m.about_unlock_name_validation,
	'ws-command-responses': m.about_unlock_ws_command_responses,
	'ws-subscriptions': m.about_unlock_ws_subscriptions,
	'ws-keepalive': m.about_unlock_ws_keepalive,
	mcp: m.about_unlock_mcp,
	premium: m.about_unlock_premium
};
