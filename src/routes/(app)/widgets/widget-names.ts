/** Each widget's name in the dashboard's language, as the builder lists it (widgets name themselves in titles.ts). */
import * as m from '$lib/app/messages';

const NAMES: Readonly<Record<string, () => string>> = {
	counter: m.builder_widget_counter,
	'song-queue': m.builder_widget_song_queue,
	'now-playing': m.builder_widget_now_playing,
	chat: m.builder_widget_chat,
	events: m.builder_widget_events,
	goal: m.builder_widget_goal,
	stats: m.builder_widget_stats,
	timer: m.builder_widget_timer,
	'alert-box': m.builder_widget_alert_box
};

/** Called at render, so the name follows the language shown; a key for a widget that is gone shows its id. */
export function widgetName(definition: { id: string }): string {
	return NAMES[definition.id]?.() ?? definition.id;
}
