/**
 * The dashboard: the open connection, its state for the UI, the event feed and the share scope.
 * Switching settings (connect page) closes the old dashboard object and opens a new one (AppHost,
 * app-host.svelte.ts).
 */
import { createContext } from 'svelte';
import { Connection } from '$lib/client/state/connection.svelte';
import { DashboardFeed } from './dashboard-feed.svelte';
import { checkSendLazily, preloadSendCheck } from './send-check';
import { isCompanionPage, type ConnectionSettings } from '$lib/client/settings';
import { StreamClient } from '$lib/client/client';
import { openClient, type OpenedClient } from '$lib/client/open-client';
import { SetupCache } from '$lib/client/setup-cache';
import type { SendType } from '$lib/protocol';
import { statusWords } from './status-words';
import { ShareScope } from './share-scope.svelte';

const DASHBOARD_CLIENT_NAME = 'Stream control dashboard';

export class Dashboard {
	readonly #opened: OpenedClient<StreamClient>;
	readonly connection: Connection;
	readonly feed: DashboardFeed;
	/** What a share link allows (everything, outside share links). */
	readonly share: ShareScope;
	/**
	 * Said at page level when a press named something the setup no longer has: the setup is read
	 * again, so the control that was pressed may be gone and could not show it itself.
	 */
	#setupNotice = $state<string | undefined>();
	get setupNotice(): string | undefined {
		return this.#setupNotice;
	}
	/** Says (or, with nothing, clears) why a press found its target gone from the setup. */
	notice(text?: string): void {
		this.#setupNotice = text;
	}

	constructor(settings: ConnectionSettings) {
		// The last setup read at this address stays on the device, so a reload during an outage still shows the pages.
		this.#opened = openClient(
			settings,
			{
				name: DASHBOARD_CLIENT_NAME,
				check: checkSendLazily,
				setupCache: settings.demo ? undefined : new SetupCache(settings)
			},
			(options) => new StreamClient(options)
		);
		this.connection = new Connection(this.#opened.client);
		this.feed = new DashboardFeed(this.#opened.client, 200);
		this.share = new ShareScope(settings, { source: this.#opened.client });
		this.#stopPreload = preloadSendCheck();
		// The companion's last chat lines, for a page that connects mid-stream (a chunk of its own).
		if (!settings.demo && isCompanionPage())
			void import('./chat-history')
				.then((m) => m.readChatHistory(settings, this.feed))
				.catch(() => {}); // not loaded (offline): the feed starts with what arrives live
	}
	readonly #stopPreload: () => void;
	get client() {
		return this.#opened.client;
	}
	/** The connection settings (address, token, demo), not the application's setup (`connection.setup`). */
	get settings() {
		return this.#opened.settings;
	}
	/** The in-page simulator in demo mode. */
	get simulator() {
		return this.#opened.simulator;
	}

	/**
	 * Why a send type cannot run, in the words a control shows next to itself; undefined when it can.
	 * One rule for every page, in this order: the share link's limits, what this installation offers
	 * (capabilities), then the connection. Reads reactive state, so call it inside `$derived`.
	 */
	reasonFor(type: SendType): string | undefined {
		return (
			this.blockedReason(type) ??
			(this.connection.status === 'open' ? undefined : statusWords(this.connection.status))
		);
	}

	/** Refused whatever the connection does: not allowed by the share link, or not offered here. */
	blockedReason(type: SendType): string | undefined {
		const shared = this.share.reasonFor(type);
		if (shared) return shared;
		const capability = this.connection.capabilities?.get(type);
		return capability && !capability.offered ? capability.reason : undefined;
	}

	/** Why a whole section cannot work: set only when every one of its types is blocked. */
	sectionReason(types: readonly SendType[]): string | undefined {
		const reasons = types.map((t) => this.blockedReason(t));
		return reasons.every(Boolean) ? reasons[0] : undefined;
	}

	/** Ends this connection (the feed's listeners go with the client). */
	close(): void {
		this.#stopPreload();
		this.share.destroy();
		this.feed.destroy();
		this.#opened.close();
	}
}

/**
 * The open dashboard, for every page and control under it. The layout provides it (DashboardScope)
 * around the pages, re-created with each connection, so pages never see a closed one.
 */
export const [useDashboard, provideDashboard] = createContext<Dashboard>();
