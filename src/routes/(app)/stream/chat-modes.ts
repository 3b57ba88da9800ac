/**
 * Each chat mode's words, whole per mode: a mode's name is never lowercased or glued into a shared
 * sentence, since languages differ in both (German nouns keep their capital).
 */
import { LIMITS } from '$lib/protocol';
import * as m from '$lib/app/messages';

type Say = () => string;
type SayDuration = (inputs: { duration: string }) => string;
type SayRange = (inputs: { min: string; max: string }) => string;

export interface ChatModeWords {
	name: Say;
	on: Say;
	off: Say;
	askOff: Say;
	/** Without a duration: the question and the confirm button of turning it on. */
	askOn?: Say;
	/** With a duration: the same, naming it. */
	duration?: {
		limits: { min: number; max: number; default: number };
		label: Say;
		range: SayRange;
		askOn: SayDuration;
		confirmOn: SayDuration;
	};
}

export const SLOW: ChatModeWords = {
	name: m.stream_slow,
	on: m.stream_slow_on,
	off: m.stream_slow_off,
	askOff: m.stream_slow_ask_off,
	duration: {
		limits: LIMITS.slowMode,
		label: m.stream_slow_delay,
		range: m.stream_slow_delay_range,
		askOn: m.stream_slow_ask_on,
		confirmOn: m.stream_slow_confirm_on
	}
};

export const FOLLOW: ChatModeWords = {
	name: m.stream_follow,
	on: m.stream_follow_on,
	off: m.stream_follow_off,
	askOff: m.stream_follow_ask_off,
	duration: {
		limits: LIMITS.followMode,
		label: m.stream_follow_age,
		range: m.stream_follow_age_range,
		askOn: m.stream_follow_ask_on,
		confirmOn: m.stream_follow_confirm_on
	}
};

export const SUBSCRIBER: ChatModeWords = {
	name: m.stream_sub,
	on: m.stream_sub_on,
	off: m.stream_sub_off,
	askOn: m.stream_sub_ask_on,
	askOff: m.stream_sub_ask_off
};

export const EMOTE: ChatModeWords = {
	name: m.stream_emote,
	on: m.stream_emote_on,
	off: m.stream_emote_off,
	askOn: m.stream_emote_ask_on,
	askOff: m.stream_emote_ask_off
};
