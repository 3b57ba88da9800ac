/**
 * The streamer's widget keys as the companion lists them (`/__share/widget-keys`): each widget URL the
 * builder makes carries one, never the token. A companion that holds no token yet takes this
 * dashboard's once the application accepts it (docs/companion.md, Widget keys).
 */
import { ShareApi, type ApiResult, type WidgetKeyView } from '$lib/app/share-api';
import type { Options, WidgetDefinition } from '$lib/widgets/options';
import { widgetName } from './widget-names';
import * as m from '$lib/app/messages';
import { companionSays } from '$lib/app/companion-words';
import { readRefusal } from '$lib/share/refusals';
import { KEY_FIELDS } from './key-fields';

export type KeysState =
	| { kind: 'loading' }
	| { kind: 'ready' }
	/** The companion holds no token and could not check this one with the application: keys are off. */
	| { kind: 'no-token'; message: string }
	/** This dashboard's token is not the one the companion forwards with. */
	| { kind: 'wrong-token'; message: string }
	| { kind: 'failed'; message: string };

export type KeyResult = { ok: true; key: WidgetKeyView } | { ok: false; message: string };

/** Options that tell two URLs of one widget apart, in the order they name a key. */
const NAMING_OPTIONS = ['label', 'name', 'current', 'mode', 'layout'];

/** "Counter — deaths": the widget and its main option, or the widget alone. */
export function defaultKeyName(definition: WidgetDefinition, options: Options): string {
	const main = NAMING_OPTIONS.map((k) => options[k]).find(
		(value) => typeof value === 'string' && value.trim() !== ''
	);
	const name = widgetName(definition);
	return (typeof main === 'string' ? `${name} — ${main.trim()}` : name).slice(0, 80);
}

export class WidgetKeys {
	#keys = $state.raw<WidgetKeyView[]>([]);
	#state = $state.raw<KeysState>({ kind: 'loading' });
	/** The key made on this visit for each widget, by widget id: the one the builder's URL carries. */
	#made = $state<Record<string, string>>({});
	readonly #api: ShareApi;

	constructor(base: string, token: string) {
		this.#api = new ShareApi(base, token);
	}

	/** Newest first. */
	get keys(): readonly WidgetKeyView[] {
		return this.#keys;
	}
	get state(): KeysState {
		return this.#state;
	}
	byId(id: string | undefined): WidgetKeyView | undefined {
		return this.#keys.find((k) => k.id === id);
	}

	madeFor(widget: string): WidgetKeyView | undefined {
		return this.byId(this.#made[widget]);
	}

	/** Reads the keys now and every 15 s ("last connection" stays current); answers the stop. */
	watch(): () => void {
		void this.load();
		const timer = setInterval(() => void this.load(), 15_000);
		return () => clearInterval(timer);
	}

	async load(): Promise<void> {
		const result = await this.#api.widgetKeys();
		if (result.ok && !result.data.on)
			return void (this.#state = {
				kind: 'no-token',
				message: result.data.message
					? companionSays({
							refusal: readRefusal(result.data),
							message: result.data.message
						})
					: m.builder_keys_no_token_reason()
			});
		if (result.ok) this.#keys = [...result.data.keys].reverse();
		this.#apply(result);
	}

	async create(input: { name: string; widget: string; options: string }): Promise<KeyResult> {
		const result = this.#put(await this.#api.createWidgetKey(input), true);
		if (result.ok) this.#made[input.widget] = result.key.id;
		return result;
	}
	async update(id: string, change: { name?: string; options?: string }): Promise<KeyResult> {
		return this.#put(await this.#api.updateWidgetKey(id, change), false);
	}
	async regenerate(id: string): Promise<KeyResult> {
		return this.#put(await this.#api.regenerateWidgetKey(id), false);
	}
	async revoke(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
		const result = await this.#api.revokeWidgetKey(id);
		if (!result.ok && result.status !== 404) return { ok: false, message: companionSays(result) };
		this.#keys = this.#keys.filter((k) => k.id !== id);
		return { ok: true };
	}

	#put(result: ApiResult<WidgetKeyView>, added: boolean): KeyResult {
		if (!result.ok) {
			if (result.status === 409 || result.status === 401) this.#apply(result);
			return { ok: false, message: companionSays(result, KEY_FIELDS) };
		}
		const key = result.data;
		this.#keys = added ? [key, ...this.#keys] : this.#keys.map((k) => (k.id === key.id ? key : k));
		return { ok: true, key };
	}

	#apply<T>(result: ApiResult<T>): void {
		if (result.ok) this.#state = { kind: 'ready' };
		else if (result.status === 409 || result.status === 502)
			this.#state = { kind: 'no-token', message: companionSays(result) };
		else if (result.status === 401)
			this.#state = { kind: 'wrong-token', message: companionSays(result) };
		else this.#state = { kind: 'failed', message: companionSays(result) };
	}
}
