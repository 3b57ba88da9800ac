/**
 * Which dashboard is open: the one AppHost of the dashboard's layout connects with the page's settings
 * (the address's, else the ones kept on the device), opens demo mode, and moves to other settings.
 */
import { createContext } from 'svelte';
import { DEFAULT_HOST, DEFAULT_PORT } from '$lib/protocol/vocabulary';
import {
	DEMO_TOKEN,
	connectionUrl,
	isCompanionPage,
	parseConnectionSettings,
	settingsFromParams,
	withoutConnection,
	type ConnectionSettings,
	type SettingsIssue
} from '$lib/client/settings';
import { RememberedSettings } from '$lib/client/remembered-settings';
import { StoredValue, deviceStorage } from '$lib/client/persisted';
import * as v from 'valibot';
import { canConnectTo } from '$lib/client/connection-lock';
import { demoAvailable } from '$lib/client/demo';
import { loadAppDemo } from '$lib/client/demo-loader';
import { Dashboard } from './dashboard.svelte';

/** Demo mode on its way (its simulator is a chunk of its own), or why it could not start. */
export interface DemoStart {
	loading: boolean;
	error?: string;
}

export class AppHost {
	#current = $state.raw<Dashboard | undefined>();
	#urlIssue = $state.raw<SettingsIssue | undefined>();
	#urlCleaned = $state(false);
	#demo = $state.raw<DemoStart | undefined>();

	get current(): Dashboard | undefined {
		return this.#current;
	}
	/** Why the page URL's settings could not be used, if it carried any. */
	get urlIssue(): SettingsIssue | undefined {
		return this.#urlIssue;
	}
	/** The token was read from the address, remembered, and taken out of the address bar. */
	get urlCleaned(): boolean {
		return this.#urlCleaned;
	}
	/** Demo mode's start: loading until its simulator is in (the demo dashboard opens then), or why it failed. */
	get demo(): DemoStart | undefined {
		return this.#demo;
	}
	readonly #store = new RememberedSettings();
	/** Counts connects and disconnects: a demo that finishes loading after a newer one opens nothing. */
	#generation = 0;

	/** Settings from the page URL first, else the last ones remembered on this device. */
	initial(): ConnectionSettings | undefined {
		const fromUrl = parseConnectionSettings();
		if (fromUrl.ok) return fromUrl.settings;
		if (fromUrl.error.field !== 'token') this.#urlIssue = fromUrl.error;
		if (demoKept())
			return {
				token: DEMO_TOKEN,
				host: DEFAULT_HOST,
				port: DEFAULT_PORT,
				secure: false,
				demo: true
			};
		const stored = this.#store.load();
		return stored && usableHere(stored) ? stored : undefined;
	}

	connect(settings: ConnectionSettings, remember = true): void {
		keepDemo(settings.demo);
		// The page's policy is locked to the address it talked to first: another one needs a fresh page.
		if (!canConnectTo(settings)) return this.#reloadWith(settings, remember);
		const generation = ++this.#generation;
		if (settings.demo && !demoAvailable()) {
			this.#demo = { loading: true };
			loadAppDemo().then(
				() => {
					if (generation !== this.#generation) return;
					this.#demo = undefined;
					this.#open(settings, remember);
				},
				(error: Error) => {
					if (generation !== this.#generation) return;
					this.#demo = { loading: false, error: error.message };
				}
			);
			return;
		}
		this.#demo = undefined;
		this.#open(settings, remember);
	}

	#open(settings: ConnectionSettings, remember: boolean): void {
		this.#current?.close();
		this.#current = new Dashboard(settings);
		if (remember && !settings.demo) this.#store.save(settings);
		if (remember && !settings.demo) this.#cleanAddress(settings);
	}

	/**
	 * A token that came in the address (a pairing QR, a share link) leaves the address bar once it is
	 * remembered on the device, so it does not sit in history, screenshots or a shared screen.
	 */
	#cleanAddress(settings: ConnectionSettings): void {
		// Pages the companion serves: where pairing QR codes and share links point (a widget's or a static host's address is left alone).
		if (!isCompanionPage()) return;
		const fromUrl = parseConnectionSettings();
		if (
			!fromUrl.ok ||
			fromUrl.settings.token !== settings.token ||
			!sameSettings(this.#store.load(), settings)
		)
			return;
		history.replaceState(history.state, '', withoutConnection(location.href));
		this.#urlCleaned = true;
	}

	disconnect(forget = false): void {
		this.#generation++;
		if (this.#demo?.loading) this.#demo = undefined;
		this.#current?.close();
		this.#current = undefined;
		keepDemo(false);
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
		const stored =
			remember && this.#store.save(settings) && sameSettings(this.#store.load(), settings);
		const here = location.href;
		const route = /^#([^?]*)/.exec(location.hash)?.[1] || '/';
		const target = stored
			? withoutConnection(here)
			: connectionUrl(settings, {
					base: here,
					route,
					extra: new URLSearchParams(location.hash.split('?')[1] ?? '')
				});
		this.#current?.close();
		this.#current = undefined;
		history.replaceState(history.state, '', target);
		location.reload();
	}
}

/** The host `startHost` opened, until the dashboard's layout takes it. */
let started: AppHost | undefined;

/**
 * Connects as the app starts (src/hooks.client.ts), before SvelteKit fetches the first route and
 * renders it: on a slow phone `/api/meta` and the socket are then on their way during that work, not
 * after it (bench/README.md). The dashboard's layout takes this host through `openHost`.
 */
export function startHost(): void {
	started ??= openHost();
}

/**
 * A host connected with the page's settings: the address's, else the ones kept on the device. The
 * first call returns the one `startHost` opened, if any.
 */
export function openHost(): AppHost {
	const early = started;
	started = undefined;
	if (early) return early;
	const host = new AppHost();
	const initial = host.initial();
	if (initial) host.connect(initial);
	return host;
}

/** The demo survives a reload of its tab (session storage), without replacing the remembered connection. */
const demoFlag = new StoredValue(
	'stream-control:demo',
	v.literal(true),
	deviceStorage('sessionStorage')
);
function keepDemo(on: boolean): void {
	// Without storage the demo ends with the page.
	if (on) demoFlag.save(true);
	else demoFlag.clear();
}
function demoKept(): boolean {
	return demoFlag.load() === true;
}

/** Remembered settings this page may use: a page served by the companion can reach only that server (its policy says so). */
function usableHere(settings: ConnectionSettings): boolean {
	if (settings.demo) return true;
	const params = new URLSearchParams({
		token: settings.token,
		host: settings.host,
		port: String(settings.port),
		secure: settings.secure ? '1' : '0'
	});
	return settingsFromParams(params, location, isCompanionPage()).ok;
}

function sameSettings(a: ConnectionSettings | undefined, b: ConnectionSettings): boolean {
	return (
		a !== undefined &&
		a.token === b.token &&
		a.host === b.host &&
		a.port === b.port &&
		a.secure === b.secure &&
		a.demo === b.demo
	);
}

/** The host (which dashboard is open), for the layout and the connect page. */
export const [useAppHost, provideAppHost] = createContext<AppHost>();
