/**
 * The deck's words that lib/app/deck leaves to the page: its logic returns data (a state, an alert's
 * event), and these say it in the dashboard's language, read at render so a switch shows at once.
 */
import type { AlertWords } from '$lib/app/deck/actions';
import type { LiveState } from '$lib/app/deck/live';
import { language } from '$lib/app/language.svelte';
import * as m from '$lib/app/messages';

/** "Test follow" in the dashboard's language (alertLabel, defaultLabel). */
export const alertWords: AlertWords = {
	test: (what) => m.deck_alert_test({ what }),
	get events() {
		return {
			follower: m.deck_alert_follower(),
			subscriber: m.deck_alert_subscriber(),
			giftSubscription: m.deck_alert_gift(),
			bits: m.deck_alert_bits(),
			raid: m.deck_alert_raid(),
			points: m.deck_alert_points(),
			variableChanged: m.deck_alert_variable(),
			switchSong: m.deck_alert_song()
		};
	}
};

let formatter: { tag: string; format: Intl.NumberFormat } | undefined;

/** A counter's value as the dashboard's language writes numbers ("1.500" in German); other text as it came. */
export function counterValue(value: string): string {
	if (!/^-?\d+(\.\d+)?$/.test(value.trim())) return value;
	const tag = language.current;
	if (formatter?.tag !== tag)
		formatter = { tag, format: new Intl.NumberFormat(tag, { maximumFractionDigits: 20 }) };
	return formatter.format.format(Number(value));
}

/** A tile's state in words: the whole line, and for a switch its two parts (what a press does, why no state). */
export function stateWords(state: LiveState): { text: string; does?: string; note?: string } {
	switch (state.kind) {
		case 'none':
			return { text: '' };
		case 'toggle':
			return {
				text:
					state.on === undefined
						? m.deck_state_unknown()
						: state.on
							? m.deck_state_on()
							: m.deck_state_off()
			};
		case 'counter':
			return {
				text: state.value === undefined ? m.deck_state_unknown() : counterValue(state.value)
			};
		case 'unreadable': {
			const does = state.sets ? m.deck_state_sets_on() : m.deck_state_sets_off();
			const note = m.deck_state_unreadable();
			return { text: m.deck_state_title({ state: does, reason: note }), does, note };
		}
	}
}
