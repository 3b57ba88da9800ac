/** A share link's profile in the dashboard's words (lib/share names them in English, for the companion). */
import type { ShareProfile } from '$lib/share/profiles';
import * as m from '$lib/app/messages';

const NAMES: Record<ShareProfile, () => string> = {
	'read-only': m.ui_profile_readonly,
	music: m.ui_profile_music,
	moderation: m.ui_profile_moderation,
	alerts: m.ui_profile_alerts,
	custom: m.ui_profile_custom,
	widget: m.ui_profile_widget
};

/** Called at render, so it follows a change of language. */
export const profileName = (profile: ShareProfile): string => NAMES[profile]();
