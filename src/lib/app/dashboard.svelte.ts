/**
 * The dashboard: the open connection, its state for the UI, the event feed and the share scope.
 * Switching settings (connect page) closes the old dashboard object and opens a new one.
 */
import { getContext, setContext } from 'svelte';
import { Connection } from '$lib/client/state/connection.svelte';
import { EventFeed } from '$lib/client/state/event-feed.svelte';
import { connectionUrl, isCompanionPage, parseConnectionSettings, settingsFromParams, withoutConnection, type ConnectionSettings, type SettingsIssue } from '$lib/client/settings';
import { RememberedSettings } from '$lib/client/remembered-settings';
import { canConnectTo } from '$lib/client/connection-lock';
import { openClient, type OpenedClient } from '$lib/client/open-client';
import { ShareScope, attachShareScope } from './share-scope.svelte';

const DASHBOARD_CLIENT_NAME = 'Stream control dashboard';

export class Dashboard {
	readonly #opened: OpenedClient;
	readonly connection: Connection;
	readonly feed: EventFeed;
	/** What a share link allows (everything, outside share links). */
	readonly share: ShareScope;
	/**
	 * Said at page level when a press named something the setup no longer has: the setup is read
	 * again, so the control that was pressed may be gone and could not show it itself.
	 */
	setupNotice = $state<string | undefined>();

	constructor(settings: ConnectionSettings) {
		this.#opened = openClient(settings, { name: DASHBOARD_CLIENT_NAME });
		this.connection = new Connection(this.#opened.client);
		this.feed = new EventFeed(this.#opened.client, { limit: 200 });
		this.share = new ShareScope(settings);
		attachShareScope(this.connection, this.share);
	}
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
	close(): void {
		this.share.destroy();
		this.feed.destroy();
		this.connection.destroy();
		this.#opened.close();
	}
}

export class AppHost {
	current = $state.raw<Dashboard | undefined>();
	/** Why the page URL's settings could not be used, if it carried any. */
	urlIssue = $state.raw<SettingsIssue | undefined>();
	readonly #store = new RememberedSettings();

	/** Settings from the page URL first, else the last ones remembered on this device. */
	initial(): ConnectionSettings | undefined {
		const fromUrl = parseConnectionSettings();
		if (fromUrl.ok) return fromUrl.settings;
		if (fromUrl.error.field !== 'token') this.urlIssue = fromUrl.error;
		const stored = this.#store.load();
		return stored && usableHere(stored) ? stored : undefined;
	}

	connect(settings: ConnectionSettings, remember = true): void {
		// The page's policy is locked to the address it talked to first: another one needs a fresh page.
		if (!canConnectTo(settings)) return this.#reloadWith(settings, remember);
		this.current?.close();
		this.current = new Dashboard(settings);
		if (remember && !settings.demo) this.#store.save(settings);
	}

	disconnect(forget = false): void {
		this.current?.close();
		this.current = undefined;
		if (forget) this.#store.clear();
	}

	remembered(): ConnectionSettings | undefined {
		return this.#store.load();
	}

	/**
	 * Loads the page again with these settings. They are remembered on the device and the address
	 * loses its own connection params, so the reloaded page starts from them and the token stays out
	 * of the address bar; where nothing can be stored, the settings travel in the fragment instead.
	 */
	#reloadWith(settings: ConnectionSettings, remember: boolean): void {
		const stored = remember && this.#store.save(settings) && sameSettings(this.#store.load(), settings);
		const here = location.href;
		const route = /^#([^?]*)/.exec(location.hash)?.[1] || '/';
		const target = stored ? withoutConnection(here) : connectionUrl(settings, { base: here, route, extra: new URLSearchParams(location.hash.split('?')[1] ?? '') });
		this.current?.close();
		this.current = undefined;
		history.replaceState(history.state, '', target);
		location.reload();
	}
}

/** Remembered settings this page may use: a page served by the companion can reach only that server (its policy says so). */
function usableHere(settings: ConnectionSettings): boolean {
	if (settings.demo) return true;
	const params = new URLSearchParams({ token: settings.token, host: settings.host, port: String(settings.port), secure: settings.secure ? '1' : '0' });
	return settingsFromParams(params, location, isCompanionPage()).ok;
}

function sameSettings(a: ConnectionSettings | undefined, b: ConnectionSettings): boolean {
	return a !== undefined && a.token === b.token && a.host === b.host && a.port === b.port && a.secure === b.secure && a.demo === b.demo;
}

const KEY = Symbol('app-host');
export const provideAppHost = (host: AppHost) => setContext(KEY, host);
export const useAppHost = (): AppHost => getContext<AppHost>(KEY);

/** The open dashboard; pages are rendered only while one exists. */
export function useDashboard(): Dashboard {
	const dashboard = useAppHost().current;
	if (!dashboard) throw new Error('not connected');
	return dashboard;
}
