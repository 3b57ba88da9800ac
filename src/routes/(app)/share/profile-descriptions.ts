/** What each share profile allows, in the dashboard's words (lib/share says it in English for the companion). */
import type { ShareProfile } from '$lib/share/profiles';
import * as m from '$lib/app/messages';

const DESCRIPTIONS: Record<ShareProfile, () => string> = {
	'read-only': m.share_desc_readonly,
	music: m.share_desc_music,
	moderation: m.share_desc_moderation,
	alerts: m.share_desc_alerts,
	custom: m.share_desc_custom,
	widget: m.share_desc_widget
};

/** Called at render, so it follows a change of language. */
export const profileDescription = (profile: ShareProfile): string => DESCRIPTIONS[profile]();
