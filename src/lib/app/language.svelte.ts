/**
 * The dashboard's language: the one chosen on this device, else the browser's first language we have
 * (matched leniently, as a widget's `lang=`), else English. Its words come from
 * messages/dashboard/<area>/{locale}.json (build-tools/paraglide.ts): each English message is a plain
 * function holding its text, so the English words a page uses are in its first load; each other
 * language is Paraglide's compile, a chunk of its own fetched from the page's origin when it is used.
 * The dashboard's layout waits for it before its first render (routes/(app)/+layout.ts),
 * so a German browser never flashes English; a switch in the picker shows the new language once its
 * chunk is in, without a reload.
 */
import * as v from 'valibot';
import { PersistedState } from '$lib/client/state/persisted-state';
import { matchLocale } from '$lib/client/language-tag';

/** Every language the dashboard speaks, each named in its own words (the picker's choices). */
export const LANGUAGE_NAMES = {
	en: 'English',
	es: 'Español',
	'pt-BR': 'Português (Brasil)',
	de: 'Deutsch',
	fr: 'Français'
} as const;
export type Language = keyof typeof LANGUAGE_NAMES;
export const LANGUAGES = Object.keys(LANGUAGE_NAMES) as Language[];

type Say = (inputs?: object) => string;
type Table = Readonly<Record<string, Say>>;

/** Each other language's compiled messages (the compile's one locale module): a chunk of its own. */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<object>> = {
	es: () => import('$lib/paraglide-ui/es/messages/es.js'),
	'pt-BR': () => import('$lib/paraglide-ui/pt-BR/messages/pt-BR.js'),
	de: () => import('$lib/paraglide-ui/de/messages/de.js'),
	fr: () => import('$lib/paraglide-ui/fr/messages/fr.js')
};

/** A language we have for a tag: `de`, `DE`, `de-AT` → `de`; `pt`, `pt_br` → `pt-BR`. */
export const matchLanguage = (asked: string): Language | undefined => matchLocale(asked, LANGUAGES);

/** The first of the browser's languages (navigator.languages, in its order) that we have. */
export function browserLanguage(asked: readonly string[]): Language | undefined {
	for (const tag of asked) {
		const found = matchLanguage(tag);
		if (found) return found;
	}
	return undefined;
}

class DashboardLanguage {
	// Made at first use, not at import: tests and the server import the words without a device.
	#stored: PersistedState<Language | undefined> | undefined;
	#shown = $state<Language>('en');
	#table = $state.raw<Table | undefined>();
	#failed = $state(false);
	/** Counts switches, so a slow chunk that arrives after a later choice is dropped. */
	#asked = 0;

	#kept(): PersistedState<Language | undefined> {
		return (this.#stored ??= new PersistedState<Language | undefined>(
			'stream-control:language',
			v.optional(v.picklist(LANGUAGES)),
			undefined
		));
	}

	/** The language the page shows now. */
	get current(): Language {
		return this.#shown;
	}

	/** True when the last language asked for could not be fetched (the page stays in the one it had). */
	get failed(): boolean {
		return this.#failed;
	}

	/** The language chosen on this device; undefined while the dashboard follows the browser. */
	get chosen(): Language | undefined {
		return this.#kept().current;
	}

	/** The browser's first language we have, else English: what following the browser shows. */
	get browser(): Language {
		return browserLanguage(globalThis.navigator?.languages ?? []) ?? 'en';
	}

	/** The language to show: the device's choice, else the browser's, else English. */
	get wanted(): Language {
		return this.chosen ?? this.browser;
	}

	/** Shows the wanted language; a promise to wait on only when it has to be fetched. */
	start(): Promise<void> | undefined {
		const wanted = this.wanted;
		return wanted === this.#shown ? undefined : this.#show(wanted);
	}

	/** The streamer's choice: kept on this device, shown once its words are in. */
	choose(language: Language): Promise<void> {
		this.#kept().current = language;
		return this.#show(language);
	}

	/** Forgets the device's choice: the dashboard follows the browser's language again. */
	follow(): Promise<void> {
		this.#kept().current = undefined;
		return this.#show(this.browser);
	}

	async #show(language: Language): Promise<void> {
		const asked = ++this.#asked;
		try {
			const table =
				language === 'en' ? undefined : ((await LOADERS[language]()) as unknown as Table);
			if (asked !== this.#asked) return;
			this.#table = table;
			this.#shown = language;
			this.#failed = false;
			// For screen readers, hyphenation and line breaking.
			if (typeof document !== 'undefined') document.documentElement.lang = language;
		} catch {
			if (asked === this.#asked) this.#failed = true;
		}
	}

	/** The message in the language shown; undefined for English (the first load's own). */
	say(name: string): Say | undefined {
		return this.#table?.[name];
	}
}

export const language = new DashboardLanguage();

/**
 * A dashboard message in the language shown, or undefined while that is English: each message
 * (src/lib/paraglide-ui/dashboard/<key>.ts, made by build-tools/paraglide.ts) holds its English text
 * and asks here first. Called at render, so a component re-renders when the language changes.
 */
export const said = (name: string, inputs?: object): string | undefined =>
	language.say(name)?.(inputs);

// English's plural categories and numbers, for the messages' English text (as Paraglide's compile
// formats them); made once, at first use.
let plurals: Intl.PluralRules | undefined;
let numbers: Intl.NumberFormat | undefined;
export const plural = (count: unknown): string =>
	(plurals ??= new Intl.PluralRules('en')).select(Number(count));
export const number = (value: unknown): string =>
	(numbers ??= new Intl.NumberFormat('en')).format(Number(value));
