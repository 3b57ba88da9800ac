/**
 * The scene check's findings in the dashboard's language: the companion sends each as a kind with its
 * parameters (src/server/scene.ts), and this page says its title, its fix and its button.
 */
import * as m from '$lib/app/messages';
import type { SceneBlocker } from './scene-check.svelte';

export interface BlockerWords {
	title: string;
	fix: string;
	/** The fix's button, where the companion sent its request. */
	action?: string;
}

/** A blocker's words; one this page does not know (a newer companion) says its id. */
export function blockerWords(blocker: SceneBlocker): BlockerWords {
	const name = blocker.params?.name ?? '';
	switch (blocker.kind) {
		case 'unreachable':
			return { title: m.check_unreachable_title(), fix: m.check_unreachable_fix() };
		case 'token-rejected':
			return { title: m.check_token_title(), fix: m.check_token_fix() };
		case 'stream-mode':
			return {
				title: m.check_stream_mode_title(),
				fix: m.check_stream_mode_fix(),
				action: m.check_stream_mode_action()
			};
		case 'alerts-disabled':
			// The kinds as the alert box's "Kinds turned off" option writes them, the same in every language.
			return {
				title: m.check_alerts_title({ kinds: (blocker.params?.kinds ?? []).join(', ') }),
				fix: m.check_alerts_fix()
			};
		case 'song-source':
			return { title: m.check_song_title(), fix: m.check_song_fix() };
		case 'goal-variable':
			return {
				title: m.check_goal_title({ name }),
				fix: m.check_goal_fix({ name }),
				action: m.check_goal_action({ name })
			};
	}
	return { title: m.check_unknown_title({ id: blocker.id }), fix: m.check_unknown_fix() };
}

const UNCHECKED: Readonly<Record<string, () => string>> = {
	'stream-mode': m.check_unchecked_stream_mode,
	'alerts-enabled': m.check_unchecked_alerts_enabled,
	'song-source': m.check_unchecked_song_source,
	'goal-variables': m.check_unchecked_goal_variables,
	'stream-mode-unreported': m.check_unchecked_stream_mode_unreported,
	'alerts-unlisted': m.check_unchecked_alerts_unlisted,
	'goal-variables-over-http': m.check_unchecked_goal_http,
	'version-no-meta': m.check_unchecked_no_meta
};

/** A check the application cannot answer, in words; an unknown one as the companion named it. */
export const uncheckedWords = (kind: string): string => UNCHECKED[kind]?.() ?? kind;
