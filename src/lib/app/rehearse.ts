/**
 * Sends a rehearsal to the companion (POST /__companion/rehearse, with the streamer's token): test
 * events it pushes into widget sockets only. Used by the scene check and the widget builder's preview.
 */
import type { Rehearsal } from '$lib/protocol/rehearsal';

const TIMEOUT_MS = 8000;

/** The answer in words: how many widgets it reached, or why it was not sent. */
export async function rehearse(base: string, token: string, rehearsal: Rehearsal): Promise<string> {
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
			return `Not sent: ${typeof body?.message === 'string' ? body.message : `HTTP ${res.status}`}`;
		const reached = body?.reached?.length ?? 0;
		return reached === 0
			? 'Sent, but no connected widget takes this event.'
			: `Sent to ${reached} widget${reached === 1 ? '' : 's'}; the application got nothing.`;
	} catch {
		return 'Not sent: the companion did not answer.';
	}
}
