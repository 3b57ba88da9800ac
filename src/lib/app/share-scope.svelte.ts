/**
 * What the dashboard may do when it was opened through a share link (issue 6, item 5).
 *
 * The companion server enforces every link's profile on each request; this class only lets the page
 * say so up front instead of failing at the press. On a page served by the companion, with a share
 * key as the token, it asks `GET /__share/whoami` once, then answers `reasonFor(type)`:
 * `undefined` when the type may run, else the words a disabled control shows. Anywhere else (the
 * streamer's own token, demo mode, a page not served by the companion) it never refuses anything.
 * `SendButton`, `Press` and the menu read it, so every page gets the same behaviour.
 */
import * as v from 'valibot';
import { httpBase, isCompanionPage, type ConnectionSettings } from '$lib/client/settings';
import { CATALOG, SEND_TYPES, type SendGroup, type SendType } from '$lib/protocol';
import { SHARE_KEY_PREFIX, SHARE_PROFILES, type ShareGrant } from '$lib/share/profiles';

export const SHARE_REASONS = {
	notAllowed: 'not allowed by this share link',
	checking: 'checking what this share link allows…'
} as const;

const GrantSchema = v.looseObject({
	share: v.literal(true),
	id: v.string(),
	label: v.string(),
	profile: v.picklist(SHARE_PROFILES),
	types: v.array(v.string()),
	allowed: v.array(v.string()),
	expiresAt: v.nullable(v.number())
});
const RefusalSchema = v.looseObject({ message: v.string() });

type ScopeState =
	| { kind: 'full' }
	| { kind: 'checking' }
	| { kind: 'grant'; grant: ShareGrant }
	| { kind: 'refused'; message: string };

interface ShareScopeOptions {
	fetch?: typeof fetch;
	/** Whether the page is served by the companion server (read from its meta tag by default). */
	companion?: boolean;
}

/** A menu entry's relation to send types: the groups its controls send, and whether reading alone makes it useful. */
export interface PageScope {
	groups?: readonly SendGroup[];
	readable?: boolean;
}

/** The scope of the session that owns a connection, so helpers given only `session.connection` find it. */
const scopes = new WeakMap<object, ShareScope>();
export const shareScopeOf = (connection: object): ShareScope | undefined => scopes.get(connection);
export const attachShareScope = (connection: object, scope: ShareScope): void => void scopes.set(connection, scope);

export class ShareScope {
	#state = $state.raw<ScopeState>({ kind: 'full' });
	readonly #abort = new AbortController();

	constructor(settings: ConnectionSettings, options: ShareScopeOptions = {}) {
		const companion = options.companion ?? isCompanionPage();
		if (settings.demo || !companion || !settings.token.startsWith(SHARE_KEY_PREFIX)) return;
		this.#state = { kind: 'checking' };
		void this.#check(settings, options.fetch ?? globalThis.fetch.bind(globalThis));
	}

	/** The page was opened through a share link (whatever its profile turned out to be). */
	get isShareLink(): boolean {
		return this.#state.kind !== 'full';
	}
	get grant(): ShareGrant | undefined {
		return this.#state.kind === 'grant' ? this.#state.grant : undefined;
	}
	/** Why the link cannot be used at all (revoked, expired, unknown), if so. */
	get refusal(): string | undefined {
		return this.#state.kind === 'refused' ? this.#state.message : undefined;
	}

	/** Why this link may not run a send type; undefined when it may (always, outside share links). */
	reasonFor(type: SendType): string | undefined {
		const state = this.#state;
		switch (state.kind) {
			case 'full':
				return undefined;
			case 'checking':
				return SHARE_REASONS.checking;
			case 'refused':
				return state.message;
			case 'grant':
				return state.grant.allowed.includes(type) ? undefined : SHARE_REASONS.notAllowed;
		}
	}

	/** Whether a menu entry has anything this link may use. */
	showsPage(page: PageScope): boolean {
		if (!this.isShareLink || !page.groups) return true;
		const groups = page.groups;
		return SEND_TYPES.some((t) => groups.includes(CATALOG[t].group) && (page.readable || !CATALOG[t].readOnly) && !this.reasonFor(t));
	}

	destroy(): void {
		this.#abort.abort();
	}

	async #check(settings: ConnectionSettings, fetchImpl: typeof fetch): Promise<void> {
		try {
			// The key goes in a header, so it never lands in a URL (or a log line built from one).
			const res = await fetchImpl(`${httpBase(settings)}/__share/whoami`, {
				headers: { authorization: `Bearer ${settings.token}` },
				signal: this.#abort.signal
			});
			const body: unknown = await res.json().catch(() => undefined);
			const grant = v.safeParse(GrantSchema, body);
			if (res.ok && grant.success) {
				const { share: _, ...rest } = grant.output;
				this.#state = { kind: 'grant', grant: rest as ShareGrant };
			} else if (res.ok && (body as { share?: unknown } | undefined)?.share === false) {
				this.#state = { kind: 'full' };
			} else {
				const refusal = v.safeParse(RefusalSchema, body);
				this.#state = { kind: 'refused', message: refusal.success ? refusal.output.message : `the share link could not be checked (HTTP ${res.status})` };
			}
		} catch {
			if (this.#abort.signal.aborted) return;
			this.#state = { kind: 'refused', message: 'the share link could not be checked: the companion server did not answer' };
		}
	}
}
