/**
 * Sends a rehearsal to the companion (POST /__companion/rehearse, with the streamer's token): test
 * events it pushes into widget sockets only. Used by the scene check and the widget builder's preview.
 */
import * as v from 'valibot';
import type { Rehearsal } from '$lib/protocol/rehearsal';
import { REFUSAL_ENTRIES, type RefusalData } from '$lib/share/refusals';
import * as m from '$lib/app/messages';
import { refusalWords, type FieldLabels } from './companion-words';

const TIMEOUT_MS = 8000;

/**
 * The rehearsal form's labels (lib/ui/RehearsalForm.svelte) for the fields of the rehearsal it sends,
 * by the request's name of each: a field the companion refuses is named as the form names it.
 */
export const REHEARSAL_FIELDS: FieldLabels = {
	kind: m.ui_rehearse_field_kind,
	target: m.ui_rehearse_field_target,
	alert: m.ui_rehearse_alert,
	amount: m.ui_rehearse_amount,
	name: m.ui_rehearse_viewer,
	text: m.ui_rehearse_text,
	step: m.ui_rehearse_step,
	seconds: m.ui_rehearse_field_seconds
};

/** What came of a rehearsal, as data: the widgets it reached, or why it was not sent. */
export type RehearsalAnswer =
	| { kind: 'sent'; reached: number }
	/** The companion's reason: its kind and values, and its English words (for a kind this page does not know). */
	| { kind: 'refused'; status: number; message?: string; refusal?: RefusalData }
	| { kind: 'no-answer' };

/** The companion's answer, read once and leniently: what a success or a refusal may carry. */
const AnswerSchema = v.looseObject({
	message: v.optional(v.string()),
	reached: v.optional(v.array(v.unknown()), []),
	kind: v.optional(REFUSAL_ENTRIES.kind),
	params: REFUSAL_ENTRIES.params
});

export async function sendRehearsal(
	base: string,
	token: string,
	rehearsal: Rehearsal
): Promise<RehearsalAnswer> {
	try {
		const res = await fetch(`${base}/__companion/rehearse`, {
			method: 'POST',
			headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
			body: JSON.stringify(rehearsal),
			cache: 'no-store',
			signal: AbortSignal.timeout(TIMEOUT_MS)
		});
		const json: unknown = await res.json().catch(() => undefined);
		const parsed = v.safeParse(AnswerSchema, json);
		const body = parsed.success ? parsed.output : undefined;
		if (!res.ok) {
			const refusal =
				body?.kind === undefined ? undefined : { kind: body.kind, params: body.params };
			return {
				kind: 'refused',
				status: res.status,
				...(body?.message === undefined ? {} : { message: body.message }),
				...(refusal ? { refusal } : {})
			};
		}
		return { kind: 'sent', reached: body?.reached.length ?? 0 };
	} catch {
		return { kind: 'no-answer' };
	}
}

/** The answer in the dashboard's language. */
export function rehearsalWords(answer: RehearsalAnswer): string {
	switch (answer.kind) {
		case 'sent':
			return answer.reached === 0
				? m.ui_rehearse_none()
				: m.ui_rehearse_sent({ count: answer.reached });
		case 'refused': {
			// The kind in the page's words, else the companion's own; the status when it said neither.
			const reason =
				(answer.refusal && refusalWords(answer.refusal, REHEARSAL_FIELDS)) ?? answer.message;
			return reason === undefined
				? m.ui_rehearse_status({ status: String(answer.status) })
				: m.ui_rehearse_refused({ reason });
		}
		case 'no-answer':
			return m.ui_rehearse_no_answer();
	}
}

/** The answer in words: how many widgets it reached, or why it was not sent. */
export const rehearse = async (
	base: string,
	token: string,
	rehearsal: Rehearsal
): Promise<string> => rehearsalWords(await sendRehearsal(base, token, rehearsal));
