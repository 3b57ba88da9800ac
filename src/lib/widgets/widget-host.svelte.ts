/**
 * What every widget page starts from: its options and connection settings read from the page URL,
 * one read-only connection (no `name`, so a scene full of widgets does not flood the streamer with
 * notices) narrowed to the envelope types the widget needs, and its connection state for the debug
 * corner. The client reconnects with backoff by itself, and after a close 1000 ("interface switched
 * off") slowly, every few seconds.
 *
 * A widget is a browser source in OBS that nobody can press anything in, so it does not wait for the
 * slow pace: RETRY_AFTER_STOP_MS after a stop it calls retry() (one upgrade attempt, then the client's
 * usual backoff if that is refused). Tested in tests/state/widget-host.svelte.test.ts.
 *
 * Create it while a component initialises: the connection is closed by that component's teardown
 * (an effect the host registers), so no component calls anything to end it.
 */
import { openClient, type OpenedClient } from '$lib/client/open-client';
import { ReadClient } from '$lib/client/read-client';
import type { ReadOnlyView } from '$lib/client/read-only-view';
import { checkRead } from '$lib/protocol/read-params';
import { widgetSocketParams } from '$lib/protocol/widget-socket';
import {
	pageParams,
	parseConnectionSettings,
	type PageLocation,
	type SettingsIssue
} from '$lib/client/settings';
import { LiveStatus as Connection } from '$lib/client/state/live-status.svelte';
import { parseOptions, type Options, type OptionWarning, type WidgetDefinition } from './options';
import { languageAvailable, matchLanguage, useLanguage } from './i18n';

/** How long after the interface was turned off a widget tries again (then the client backs off by itself). */
export const RETRY_AFTER_STOP_MS = 5_000;

interface WidgetHostOptions {
	/** Envelope types the widget listens to; everything else is not even pushed (ws-subscriptions). */
	subscribe: readonly string[];
	location?: PageLocation;
}

export class WidgetHost {
	readonly definition: WidgetDefinition;
	readonly options: Options;
	readonly warnings: readonly OptionWarning[];
	/** Why the URL's connection settings cannot be used (no token…): the widget shows a hint instead. */
	readonly settingsIssue: SettingsIssue | undefined;
	readonly view: ReadOnlyView | undefined;
	readonly connection: Connection | undefined;
	readonly demo: boolean;
	readonly #opened: OpenedClient<ReadClient> | undefined;
	#retryTimer: ReturnType<typeof setTimeout> | undefined;
	#destroyed = false;

	constructor(definition: WidgetDefinition, options: WidgetHostOptions) {
		const location = options.location ?? globalThis.location;
		this.definition = definition;
		const params = pageParams(location);
		const parsed = parseOptions(definition.fields, params);
		this.options = parsed.options;
		this.warnings = this.#language(params.get('lang'), parsed.warnings);
		const settings = parseConnectionSettings(location);
		this.demo = settings.ok && settings.settings.demo;
		if (!settings.ok) {
			this.settingsIssue = settings.error;
			this.view = undefined;
			this.connection = undefined;
			return;
		}
		this.settingsIssue = undefined;
		// A client that only reads, and carries only the reads' rules (read-client.ts).
		const opened = openClient(
			settings.settings,
			{
				check: checkRead,
				subscribe: [...options.subscribe],
				// Tells the companion which widget this socket is, for its scene check and rehearsals.
				socketParams: widgetSocketParams(definition.id, this.options, params)
			},
			(client) => new ReadClient(client)
		);
		this.#opened = opened;
		this.view = opened.client.readOnlyView();
		this.connection = new Connection(this.view);
		this.view.onStatus((status) => {
			if (status === 'stopped' && !this.#destroyed && this.#retryTimer === undefined)
				this.#retryTimer = setTimeout(() => {
					this.#retryTimer = undefined;
					if (!this.#destroyed) opened.client.retry();
				}, RETRY_AFTER_STOP_MS);
		});
		$effect(() => () => this.#close());
	}

	/**
	 * `lang=`, read leniently (`de-AT` is `de`, `pt` is `pt-BR`) and set for the page before anything
	 * renders; one we do not have, or whose words did not load, stays English: the debug corner says so.
	 */
	#language(asked: string | null, warnings: OptionWarning[]): OptionWarning[] {
		const matched = asked === null ? undefined : matchLanguage(asked);
		if (matched) {
			warnings = warnings.filter((w) => w.field !== 'lang');
			if (languageAvailable(matched)) this.options.lang = matched;
			else warnings.push({ field: 'lang', rule: 'did not load', given: matched });
		}
		useLanguage(matchLanguage(String(this.options.lang)) ?? 'en');
		return warnings;
	}

	/** Closing the client also drops every listener on it (this host's, the feeds', the watchers'). */
	#close(): void {
		if (this.#destroyed) return;
		this.#destroyed = true;
		clearTimeout(this.#retryTimer);
		this.#opened?.close();
	}
}
