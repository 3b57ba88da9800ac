/**
 * A share link's check (ShareScope): `GET /__share/whoami` and what its answer makes of the scope. Out
 * of the deck's first load: only a page opened through a share link fetches it. Rejects when whoami is
 * not answered: ShareScope says that, also when this chunk itself could not be fetched.
 */
import { httpBase, type ConnectionSettings } from '$lib/client/settings';
import type { ScopeState } from './share-scope.svelte';

/** A page opened through a share link shows nothing to press until whoami answers: past this, it says so instead. */
const ANSWER_MS = 15_000;

export async function checkShare(
	settings: ConnectionSettings,
	fetchImpl: typeof fetch,
	signal: AbortSignal,
	scope: { get(): ScopeState; set(state: ScopeState): void }
): Promise<void> {
	// Aborted by the scope's end or by the wait's (by hand: Chromium 103, in OBS docks, has no AbortSignal.any).
	const asked = new AbortController();
	const stop = () => asked.abort();
	const timer = setTimeout(stop, ANSWER_MS);
	signal.addEventListener('abort', stop, { once: true });
	let res: Response;
	try {
		// The key goes in a header, so it never lands in a URL (or a log line built from one).
		res = await fetchImpl(`${httpBase(settings)}/__share/whoami`, {
			headers: { authorization: `Bearer ${settings.token}` },
			signal: asked.signal
		});
	} finally {
		clearTimeout(timer);
		signal.removeEventListener('abort', stop);
	}
	// Only share links read the answer: its schemas stay out of the deck's first load.
	const { readShareAnswer, refusalText, WhoamiAnswerSchema } = await import('$lib/share/answers');
	const answer = await readShareAnswer(res, WhoamiAnswerSchema);
	const state = scope.get();
	if (answer.ok)
		scope.set(answer.data.share ? { kind: 'grant', grant: answer.data.grant } : { kind: 'full' });
	else {
		const label = state.kind === 'grant' ? state.grant.label : undefined;
		// The companion names a key's refusal (expired, unknown, malformed) by its kind.
		const own = { kind: 'link_unchecked', params: { status: answer.status } } as const;
		const refusal = answer.said ? answer.refusal : own;
		scope.set({
			kind: 'refused',
			label,
			message: answer.said ? answer.message : refusalText(own),
			...(refusal ? { refusal } : {})
		});
	}
}
