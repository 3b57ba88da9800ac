import { listOf } from '$lib/client/values';
import * as m from '$lib/app/messages';

/**
 * A stored value shown as text: the application does not normalise types, so anything may come back.
 * A list shows as JSON whether it came as an array or as its JSON text (facts §5.10).
 */
export function valueText(raw: unknown): { text: string; json: boolean } {
	const value = typeof raw === 'string' ? (listOf(raw) ?? raw) : raw;
	if (value === undefined) return { text: m.counters_no_value(), json: false };
	if (value === null || value === '') return { text: m.counters_empty(), json: false };
	if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
		return { text: String(value), json: false };
	try {
		return { text: JSON.stringify(value, null, 2) ?? String(value), json: true };
	} catch {
		return { text: String(value), json: false };
	}
}
