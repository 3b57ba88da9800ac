/**
 * Events that hint a watched value changed (protocol facts §6.4, §7): the variable-changed alert names
 * its variable; song alerts and the mod queue mean the song variables may have moved. Widgets treat
 * them as a cue to read again, never as the value itself.
 */
import * as v from 'valibot';
import {
	AlertEventSchema,
	boundText,
	CommandEventSchema,
	EVENT_TEXT_LIMITS,
	eventTime,
	type Envelope
} from './messages';

export const VARIABLE_CHANGED_ALERT = 'appstream-variableChanged';
/** Alert origins of now-playing integrations: their alerts mean the song changed or paused. */
export const SONG_ALERT_ORIGINS = ['music_player', 'betamusic', 'nowplaying', 'vlc'] as const;

/** The variable an `appstream-variableChanged` alert names; undefined for any other event. */
export function changedVariableName(envelope: Envelope): string | undefined {
	if (envelope.type !== 'alert' || envelope.event !== VARIABLE_CHANGED_ALERT) return undefined;
	const parsed = v.safeParse(AlertEventSchema, envelope.data ?? {});
	const name = parsed.success ? parsed.output.extraSettings?.variable_name : undefined;
	return typeof name === 'string' && name ? name : undefined;
}

export function isSongHint(envelope: Envelope): boolean {
	if (envelope.type === 'modqueue_list') return true;
	if (envelope.type !== 'alert' || !envelope.event) return false;
	const origin = envelope.event.split('-')[0];
	return (SONG_ALERT_ORIGINS as readonly string[]).includes(origin ?? '');
}

export interface CommandLine {
	username: string;
	command: string;
	timestamp: number;
}

export function parseCommandEvent(envelope: Envelope, now = Date.now()): CommandLine | undefined {
	if (envelope.type !== 'command') return undefined;
	const parsed = v.safeParse(CommandEventSchema, envelope.data);
	if (!parsed.success) return undefined;
	const { username, command, extraSettings } = parsed.output;
	return {
		username: boundText(username ?? 'unknown', EVENT_TEXT_LIMITS.name),
		command: boundText(command, EVENT_TEXT_LIMITS.text),
		timestamp: eventTime(extraSettings?.timestamp, now)
	};
}
