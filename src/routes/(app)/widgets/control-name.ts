/**
 * The alert box's control variable as the builder checks it: an Alerts share link may press only a
 * variable that fits the protocol's rule (CONTROL_NAME_PATTERN, at most CONTROL_NAME_MAX characters),
 * so a name outside it makes an alert box that link can never pause, skip or replay. The widget
 * itself would still follow the name, so the builder warns and keeps it.
 */
import {
	ALERT_CONTROL_PREFIX,
	CONTROL_NAME_MAX,
	CONTROL_NAME_PATTERN
} from '$lib/protocol/alert-control-actions';
import * as m from '$lib/app/messages';

/** Why a control variable name breaks the protocol's rule, or undefined when it fits or is empty (control off). */
export function controlNameProblem(name: string): 'too-long' | 'pattern' | undefined {
	// The widget trims the option before it watches the variable (AlertBox.svelte).
	const trimmed = name.trim();
	if (trimmed === '') return undefined;
	if (trimmed.length > CONTROL_NAME_MAX) return 'too-long';
	return CONTROL_NAME_PATTERN.test(trimmed) ? undefined : 'pattern';
}

/** The builder's warnings per field key for a widget's options, in the language shown. */
export function optionWarnings(
	widgetId: string,
	options: Readonly<Record<string, unknown>>
): Record<string, string> {
	if (widgetId !== 'alert-box' || typeof options.control !== 'string') return {};
	return controlNameProblem(options.control)
		? {
				control: m.builder_control_rule({
					prefix: ALERT_CONTROL_PREFIX,
					max: String(CONTROL_NAME_MAX)
				})
			}
		: {};
}
