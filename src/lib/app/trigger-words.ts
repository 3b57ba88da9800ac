/**
 * The dashboard's word for each trigger type ("Szene", "Alert"): the deck's picker names its sections
 * with it, and a refusal names a send type by it where the dashboard has one.
 */
import type { TriggerType } from '$lib/app/deck/layout';
import * as m from '$lib/app/messages';

export const TRIGGER_WORDS: Record<TriggerType, () => string> = {
	'chat-command': m.actions_trigger_chat_command,
	'chatbot-command': m.actions_trigger_chatbot_command,
	'alpha-points': m.actions_trigger_alpha_points,
	'alpha-extension': m.actions_trigger_alpha_extension,
	'gamma-points': m.actions_trigger_gamma_points,
	alert: m.actions_trigger_alert,
	'studio-scene': m.actions_trigger_scene,
	'studio-theme': m.actions_trigger_theme,
	'studio-animation': m.actions_trigger_animation
};
