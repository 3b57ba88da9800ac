/** Each widget's name in its language, for its hint and debug corner (the builder's are in widget-names.ts). */
import { m } from './messages';

const TITLES: Readonly<Record<string, () => string>> = {
	counter: m.w_counter,
	'song-queue': m.w_song_queue,
	'now-playing': m.w_now_playing,
	chat: m.w_chat,
	events: m.w_events,
	goal: m.w_goal,
	stats: m.w_stats,
	timer: m.w_timer,
	'alert-box': m.w_alert_box
};

export function widgetTitle(definition: { id: string }): string {
	return TITLES[definition.id]?.() ?? definition.id;
}
