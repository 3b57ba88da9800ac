/**
 * A JSON document kept in an application variable (the timer, the alert box's control): the
 * application may hand a stored object back as the object or as its JSON text (facts §5.10), and a
 * variable never written reads as nothing. One reading for every such document.
 */
export type VariableJson =
	{ ok: true; absent: true } | { ok: true; absent: false; value: unknown } | { ok: false };

export function readVariableJson(raw: unknown): VariableJson {
	if (raw === undefined || raw === null || raw === '') return { ok: true, absent: true };
	if (typeof raw !== 'string') return { ok: true, absent: false, value: raw };
	try {
		return { ok: true, absent: false, value: JSON.parse(raw) };
	} catch {
		return { ok: false };
	}
}
