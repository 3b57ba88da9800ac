/**
 * What the dashboard may do when it was opened through a share link (issue 6, item 5).
 *
 * The companion server enforces every link's profile on each request; this class only lets the page
 * say so up front instead of failing at the press. On a page served by the companion, with a share
 * key as the token, it asks `GET /__share/whoami` once, then answers `reasonFor(type)`:
 * `undefined` when the type may run, else the words a disabled control shows. Anywhere else (the
 * streamer's own token, demo mode, a page not served by the companion) it never refuses anything.
 * `Dashboard.reasonFor` and the menu read it, so every page gets the same behaviour.
 */
import { isCompanionPage, type ConnectionSettings } from '$lib/client/settings';
import {
	SEND_TYPE_INFO,
	SEND_TYPES,
	type SendGroup,
	type SendType
} from '$lib/protocol/send-types';
import { SHARE_KEY_PREFIX } from '$lib/share/key';
import type { ShareGrant } from '$lib/share/profiles';
import type { RefusalData } from '$lib/share/refusals';
import { sayShareRefusal } from './reasons.svelte';

export const SHARE_REASONS = {
	notAllowed: 'not allowed by this share link',
	checking: 'checking what this share link allows…'
} as const;

export type ScopeState =
	| { kind: 'full' }
	| { kind: 'checking' }
	| { kind: 'grant'; grant: ShareGrant }
	/** `label`: the link's name when it worked before and stopped while the page was open. */
	/** `message`: in English, unless the page never reached the companion (its words say it then). */
	| { kind: 'refused'; message?: string; label?: string; refusal?: RefusalData };

interface ShareScopeOptions {
	fetch?: typeof fetch;
	/** Whether the page is served by the companion server (read from its meta tag by default). */
	companion?: boolean;
	/** The connection: when its socket drops after a grant, the link is asked about again, so a revocation shows at once. */
	source?: { readonly status: string; onChange(listener: () => void): () => void };
}

/** A menu entry's relation to send types: the groups its controls send, and whether reading alone makes it useful. */
export interface PageScope {
	groups?: readonly SendGroup[];
	readable?: boolean;
}

export class ShareScope {
	#state = $state.raw<ScopeState>({ kind: 'full' });
	readonly #abort = new AbortController();
	#stopFollowing: (() => void) | undefined;

	constructor(settings: ConnectionSettings, options: ShareScopeOptions = {}) {
		const companion = options.companion ?? isCompanionPage();
		if (settings.demo || !companion || !settings.token.startsWith(SHARE_KEY_PREFIX)) return;
		this.#state = { kind: 'checking' };
		const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
		void this.#check(settings, fetchImpl);
		const source = options.source;
		if (!source) return;
		let wasOpen = source.status === 'open';
		this.#stopFollowing = source.onChange(() => {
			const open = source.status === 'open';
			if (wasOpen && !open && this.#state.kind === 'grant') void this.#check(settings, fetchImpl);
			wasOpen = open;
		});
	}

	/** The page was opened through a share link (whatever its profile turned out to be). */
	get isShareLink(): boolean {
		return this.#state.kind !== 'full';
	}
	/** Opened through a share link whose scope is not known yet: pages show nothing to press until it is. */
	get checking(): boolean {
		return this.#state.kind === 'checking';
	}
	get grant(): ShareGrant | undefined {
		return this.#state.kind === 'grant' ? this.#state.grant : undefined;
	}
	/** Why the link cannot be used at all (revoked, expired, unknown), if so. */
	get refusal(): string | undefined {
		return this.#state.kind === 'refused' ? sayShareRefusal(this.#state) : undefined;
	}
	/** The name of a link that worked on this page and then stopped (revoked or expired meanwhile). */
	get lostLabel(): string | undefined {
		return this.#state.kind === 'refused' ? this.#state.label : undefined;
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
				return sayShareRefusal(state);
			case 'grant':
				return state.grant.allowed.includes(type) ? undefined : SHARE_REASONS.notAllowed;
		}
	}

	/**
	 * Whether controls that send only these types are out of this link's reach, so a page leaves them
	 * out (or collapses them under "Not in this link") rather than greying them one by one. A link
	 * that stopped working has nothing left to offer.
	 */
	hides(types: readonly SendType[]): boolean {
		const state = this.#state;
		if (state.kind === 'refused') return true;
		return state.kind === 'grant' && !types.some((t) => state.grant.allowed.includes(t));
	}

	#landed = false;
	/** True once, for the first page shown after the grant arrived: where a share link lands is decided once per session. */
	claimLanding(): boolean {
		if (this.#landed || this.#state.kind !== 'grant') return false;
		this.#landed = true;
		return true;
	}

	/** Whether a menu entry has anything this link may use. */
	showsPage(page: PageScope): boolean {
		if (!this.isShareLink || !page.groups) return true;
		const groups = page.groups;
		return SEND_TYPES.some(
			(t) =>
				groups.includes(SEND_TYPE_INFO[t].group) &&
				(page.readable || !SEND_TYPE_INFO[t].readOnly) &&
				!this.reasonFor(t)
		);
	}

	destroy(): void {
		this.#stopFollowing?.();
		this.#abort.abort();
	}

	/** Asks the companion what the link may do (share-check.ts: fetched only by a share link's page). */
	async #check(settings: ConnectionSettings, fetchImpl: typeof fetch): Promise<void> {
		const signal = this.#abort.signal;
		try {
			const check = await import('./share-check');
			await check.checkShare(settings, fetchImpl, signal, {
				get: () => this.#state,
				set: (state) => (this.#state = state)
			});
		} catch {
			// No answer to whoami, or its chunk not fetched (offline, or a newer build): the same to the page.
			await this.#unanswered(signal);
		}
	}

	/** The link could not be checked. A recheck that meets no answer (the companion restarting) keeps what the link allowed. */
	async #unanswered(signal: AbortSignal): Promise<void> {
		if (signal.aborted || this.#state.kind === 'grant') return;
		const refusal = { kind: 'link_unanswered' } as const;
		this.#state = { kind: 'refused', refusal };
		// Its English (until the dashboard's words are in) from the refusals' own small chunk.
		const english = await import('$lib/share/refusals').then(
			(module) => module.refusalText(refusal),
			() => undefined
		);
		const now = this.#state;
		if (english && now.kind === 'refused' && now.refusal === refusal)
			this.#state = { ...now, message: english };
	}
}
