/**
 * What the phone's navigation remembers on this device: the pages on its bottom bar, and the last
 * page used (the dashboard reopens there). Both validated on load (PersistedState), so a stale entry
 * naming a page that no longer exists reads as missing.
 */
import { untrack } from 'svelte';
import * as v from 'valibot';
import { deviceStorage, type KeyValueStorage } from '$lib/client/persisted';
import { PersistedState } from '$lib/client/state/persisted-state';
import { PAGES, pathOf, queryOf, type NavPage } from './nav';

/** The bar holds up to this many pages, plus More. */
export const BAR_MAX = 5;
/** Pages a fresh bar shows: the ones used live, during a stream. */
export const DEFAULT_BAR: readonly string[] = ['/', '/chat', '/stream', '/songs'];
/** A bar fuller than this is topped up from what a share link allows, so it never shows one lone page. */
const BAR_FILL = 4;

const barHrefs = PAGES.filter((p) => !p.settings).map((p) => p.href);
const BarSchema = v.pipe(v.array(v.picklist(barHrefs)), v.minLength(1), v.maxLength(BAR_MAX));
const PageSchema = v.picklist(PAGES.map((p) => p.href));

/**
 * The bar's pages among those offered (a share link offers fewer): the picks, topped up in menu
 * order when the link allows few of them; settings-like pages never sit on the bar.
 */
export function barPages(offered: readonly NavPage[], picks: readonly string[]): NavPage[] {
	const eligible = offered.filter((p) => !p.settings);
	const chosen = new Set(eligible.filter((p) => picks.includes(p.href)).map((p) => p.href));
	const target = Math.min(BAR_FILL, eligible.length);
	for (const p of eligible) if (chosen.size < target) chosen.add(p.href);
	return eligible.filter((p) => chosen.has(p.href)).slice(0, BAR_MAX);
}

/**
 * Whether this address names no page and carries nothing but view options (`dock`): the app was just
 * opened (home-screen icon, bookmark), so it may go to the last page used. An address with a token
 * (pairing, share link) or naming a page is left alone.
 */
export function opensWithoutPage(loc: Pick<Location, 'hash' | 'search'>): boolean {
	if (pathOf(loc.hash) !== '/') return false;
	const query = queryOf(loc.hash).slice(1);
	const keys = [...new URLSearchParams(query).keys(), ...new URLSearchParams(loc.search).keys()];
	return keys.every((k) => k === 'dock');
}

export class NavPrefs {
	readonly #bar: PersistedState<readonly string[]>;
	readonly #last: PersistedState<string | undefined>;

	constructor(storage: KeyValueStorage | undefined = deviceStorage()) {
		this.#bar = new PersistedState<readonly string[]>(
			'stream-control:nav-bar',
			BarSchema,
			DEFAULT_BAR,
			{ storage }
		);
		this.#last = new PersistedState<string | undefined>(
			'stream-control:last-page',
			PageSchema,
			undefined,
			{ storage }
		);
	}

	/** The pages picked for the bar. */
	get picks(): readonly string[] {
		return this.#bar.current;
	}

	/** Whether the page can be added (the bar is not full) or removed (it is not the last one). */
	canToggle(href: string): boolean {
		return this.picks.includes(href)
			? this.picks.length > 1
			: this.picks.length < BAR_MAX && barHrefs.includes(href);
	}

	toggle(href: string): void {
		if (!this.canToggle(href)) return;
		this.#bar.current = this.picks.includes(href)
			? this.picks.filter((h) => h !== href)
			: [...this.picks, href];
	}

	get lastPage(): string | undefined {
		return this.#last.current;
	}

	/** Called from the layout's effect: what it reads here is not what it shows, so it is not tracked. */
	rememberPage(href: string): void {
		if (PAGES.some((p) => p.href === href) && untrack(() => this.#last.current) !== href)
			this.#last.current = href;
	}
}
