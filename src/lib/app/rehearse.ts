/**
 * Sends a rehearsal to the companion (POST /__companion/rehearse, with the streamer's token): test
 * events it pushes into widget sockets only. Used by the scene check and the widget builder's preview.
 */
import type { Rehearsal } from '$lib/protocol/rehearsal';
import * as m from '$lib/app/messages';

const TIMEOUT_MS = 8000;

/** What came of a rehearsal, as data: the widgets it reached, or why it was not sent. */
export type RehearsalAnswer =
	| { kind: 'sent'; reached: number }
	/** The companion's own reason (its HTTP error bodies are English), else its status. */
	| { kind: 'refused'; message?: string; status: number }
	| { kind: 'no-answer' };

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
		const body = (await res.json().catch(() => undefined)) as
			{ message?: unknown; reached?: unknown[] } | undefined;
		if (!res.ok)
			return {
				kind: 'refused',
				status: res.status,
				...(typeof body?.message === 'string' ? { message: body.message } : {})
			};
		return { kind: 'sent', reached: body?.reached?.length ?? 0 };
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
		case 'refused':
			return answer.message === undefined
				? m.ui_rehearse_status({ status: String(answer.status) })
				: m.ui_rehearse_refused({ reason: answer.message });
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
