/**
 * One deck on every device: the companion keeps the streamer's deck, one per application setup, in an
 * owner-only file beside the share links. GET /__companion/deck answers it (with `?after=REV`, it waits
 * up to 20 s for a newer one: the push every open dashboard gets within a second); PUT sends a device's
 * deck, checked with the deck's own schema and merged page by page (lib/app/deck/merge.ts). The
 * streamer's token reads and writes; a share key only reads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { DeckDocumentSchema } from '../lib/app/deck/layout';
import {
	DeckPushSchema,
	SharedDeckSchema,
	mergePush,
	type SharedDeck
} from '../lib/app/deck/merge';
import { toFieldIssues } from '../lib/protocol/issues';
import { BodyTooLarge, parseJson, readBody, requestUrl, sendJson } from './http-util';
import type { StreamerCheck } from './streamer-token';
import type { ShareStore } from './share-store';
import { keyRefusal, shareKeyOf } from './shares';
import { refusalFields } from '../lib/share/refusals';
import { readOwnerOnlyJson, writeOwnerOnly } from './owner-file';

export const DECK_PATH = '/__companion/deck';
const MAX_BODY = 512 * 1024;
const HOLD_MS = 20_000;

const FileSchema = v.object({
	version: v.literal(1),
	decks: v.record(v.string(), SharedDeckSchema)
});

export class DeckFile {
	readonly #file: string;
	readonly #decks = new Map<string, SharedDeck>();
	readonly #waiting = new Set<() => void>();

	private constructor(file: string) {
		this.#file = file;
	}

	/** Loads the file (absent: no deck yet); an unreadable one is an error, never silently emptied. */
	static open(file: string, log?: (line: string) => void): DeckFile {
		const store = new DeckFile(file);
		const saved = readOwnerOnlyJson(file, FileSchema, { what: 'deck', log });
		if (saved)
			for (const [setup, deck] of Object.entries(saved.decks)) store.#decks.set(setup, deck);
		return store;
	}

	get file(): string {
		return this.#file;
	}

	get(setup: string): SharedDeck | undefined {
		return this.#decks.get(setup);
	}

	set(setup: string, deck: SharedDeck): void {
		if (this.#decks.get(setup) === deck) return;
		this.#decks.set(setup, deck);
		writeOwnerOnly(
			this.#file,
			JSON.stringify({ version: 1, decks: Object.fromEntries(this.#decks) }) + '\n'
		);
		for (const wake of [...this.#waiting]) wake();
	}

	/** Resolves at the next change, or after `ms`; `signal` ends the wait early (the caller went away). */
	changed(ms: number, signal: AbortSignal): Promise<void> {
		return new Promise((done) => {
			const wake = () => {
				clearTimeout(timer);
				this.#waiting.delete(wake);
				signal.removeEventListener('abort', wake);
				done();
			};
			const timer = setTimeout(wake, ms);
			this.#waiting.add(wake);
			signal.addEventListener('abort', wake);
		});
	}
}

export interface DeckApiDeps {
	decks: DeckFile;
	/** The application setup the companion serves: one deck each. */
	setup: string;
	shares: ShareStore;
	/** Whether the caller presents the streamer's token (streamer-token.ts). */
	streamer: StreamerCheck;
}

const view = (deck: SharedDeck | undefined, readOnly: boolean) => ({
	rev: deck?.rev ?? 0,
	doc: deck?.doc ?? null,
	pages: deck?.pages ?? {},
	readOnly
});

/** The handler of DECK_PATH. */
export function deckApi(
	deps: DeckApiDeps
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
	return (req, res) => handle(req, res, deps);
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: DeckApiDeps): Promise<void> {
	const key = shareKeyOf(req);
	let readOnly = false;
	if (key) {
		const found = deps.shares.lookup(key);
		if (!found.ok) return sendJson(res, 401, keyRefusal(found.reason));
		readOnly = true;
	} else if (!(await deps.streamer(req)).ok)
		return sendJson(res, 401, {
			status: 401,
			code: 'unauthorized',
			message: "the deck needs the streamer's token"
		});

	if (req.method === 'GET') {
		const asked = requestUrl(req).searchParams.get('after');
		const after = asked === null ? NaN : Number(asked);
		if (Number.isInteger(after) && after === (deps.decks.get(deps.setup)?.rev ?? 0)) {
			const gone = new AbortController();
			res.once('close', () => gone.abort());
			await deps.decks.changed(HOLD_MS, gone.signal);
			if (gone.signal.aborted) return;
		}
		return sendJson(res, 200, view(deps.decks.get(deps.setup), readOnly));
	}
	if (req.method !== 'PUT')
		return sendJson(res, 405, {
			status: 405,
			code: 'method_not_allowed',
			message: 'the deck is read with GET and sent with PUT'
		});
	if (readOnly)
		return sendJson(res, 403, {
			status: 403,
			code: 'share_read_only',
			message: "a share link shows the streamer's deck; it cannot change it"
		});
	let input: unknown;
	try {
		input = parseJson((await readBody(req, MAX_BODY)).toString('utf8'));
	} catch (err) {
		if (!(err instanceof BodyTooLarge)) throw err;
		return sendJson(res, 413, {
			status: 413,
			code: 'body_too_large',
			message: `a deck is at most ${MAX_BODY / 1024} KB`
		});
	}
	const push = v.safeParse(DeckPushSchema, input);
	if (!push.success) {
		const [issue] = toFieldIssues(push.issues);
		return sendJson(res, 400, { status: 400, code: 'invalid_deck', ...refusal(issue) });
	}
	const doc = v.safeParse(DeckDocumentSchema, push.output.doc);
	if (!doc.success) {
		const [issue] = toFieldIssues(doc.issues, 'doc');
		return sendJson(res, 400, { status: 400, code: 'invalid_deck', ...refusal(issue) });
	}
	const merged = mergePush(
		deps.decks.get(deps.setup),
		{ ...push.output, doc: doc.output },
		Date.now()
	);
	if (!merged.ok)
		return sendJson(res, 409, {
			status: 409,
			code: 'deck_too_big',
			...refusalFields(merged.refusal)
		});
	deps.decks.set(deps.setup, merged.shared);
	return sendJson(res, 200, view(merged.shared, false));
}

function refusal(issue: { field: string; rule: string } | undefined) {
	const field = issue?.field ?? '';
	const rule = issue?.rule ?? 'is not a deck';
	return { field, rule, message: `${field ? `${field} ` : ''}${rule}` };
}
