/**
 * The widgets' message functions (`m.alert_bits({…})`): Paraglide's, compiled from messages/, in the
 * language the page set (i18n.ts).
 *
 * widget.html is built against an English-only compile of the same messages (build-tools/paraglide.ts,
 * WIDGET_ENGLISH), so it carries no other language; there each message is looked up first in the
 * languages script (build/widget-languages.js, src/widget-entry/languages.ts), once it is in.
 */
import { m as compiled } from '$lib/paraglide/messages';
import { baseLocale } from '$lib/paraglide/runtime';
import { LANGUAGES_GLOBAL, language, type Locale } from './i18n';

export type Messages = typeof compiled;
type Say = (inputs?: object) => string;
/** What build/widget-languages.js sets: each other language's message functions by name. */
export type LanguagesGlobal = Partial<Record<Locale, Record<string, Say>>>;

declare const __WIDGET_LANGUAGES_ON_DEMAND__: boolean | undefined;

/**
 * Each message as a function that picks its language when called, not when read: widgets keep some
 * in tables made at load (status.ts, titles.ts), before the page's language is set.
 */
function onDemand(english: Messages): Messages {
	const englishSay = english as unknown as Record<string, Say>;
	const said = new Map<string, Say>();
	const inLanguage = (name: string): Say | undefined =>
		language() === baseLocale
			? undefined
			: (globalThis as { [LANGUAGES_GLOBAL]?: LanguagesGlobal })[LANGUAGES_GLOBAL]?.[language()]?.[
					name
				];
	// A plain target: the English namespace is only read from, never exposed.
	return new Proxy({} as Messages, {
		get(_, name: string) {
			let say = said.get(name);
			if (!say) {
				say = (inputs) => (inLanguage(name) ?? englishSay[name]!)(inputs);
				said.set(name, say);
			}
			return say;
		}
	});
}

export const m: Messages =
	typeof __WIDGET_LANGUAGES_ON_DEMAND__ === 'undefined' ? compiled : onDemand(compiled);
