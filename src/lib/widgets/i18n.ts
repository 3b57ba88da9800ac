/**
 * A widget's language: `lang=` from its URL (every definition offers it, so the builder's form does),
 * set once for the page before the widget renders. Message functions (src/lib/paraglide, compiled from
 * messages/{locale}.json) and the Intl formatters here read it; viewers see the stream's language,
 * whatever the language of the PC running the broadcasting software.
 */
import { baseLocale, getLocale, locales, setLocale, type Locale } from '$lib/paraglide/runtime';
import { matchLocale } from '$lib/client/language-tag';

export { locales as LANGUAGES, type Locale };

/**
 * widget.html carries English only and loads the other languages as a script that sets this global
 * (src/widget-entry/languages.ts; messages.ts reads it). build-tools/widget-page.config.ts defines the
 * flag below for that page.
 */
export const LANGUAGES_GLOBAL = '__streamControlMessages';
declare const __WIDGET_LANGUAGES_ON_DEMAND__: boolean | undefined;

/** Whether the page can speak a language now: always, except in widget.html before its script is in. */
export function languageAvailable(locale: Locale): boolean {
	return (
		locale === baseLocale ||
		typeof __WIDGET_LANGUAGES_ON_DEMAND__ === 'undefined' ||
		LANGUAGES_GLOBAL in globalThis
	);
}

/** A language we have for what a URL asks: `de`, `DE`, `de-AT` → `de`; `pt`, `pt-br` → `pt-BR`. */
export const matchLanguage = (asked: string): Locale | undefined => matchLocale(asked, locales);

/** The page's language, set once before a widget renders. */
let current: Locale = baseLocale;

/**
 * Sets the page's language. Where every language is compiled in (the dashboard's preview, tests), also
 * Paraglide's global locale (no reload, no cookie); widget.html's messages read it here (messages.ts).
 */
export function useLanguage(locale: Locale): void {
	current = locale;
	if (typeof __WIDGET_LANGUAGES_ON_DEMAND__ === 'undefined' && getLocale() !== locale)
		setLocale(locale, { reload: false });
	// For the browser's hyphenation and line breaking, and for screen readers.
	if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The widget's language, for Intl. */
export const language = (): Locale => current;

/**
 * Loads the language's number and plural data while nothing is shown: the first formatter made pays
 * for it (~30 ms in one task, measured in the alert box's burst), so it should not be an alert's.
 */
export function warmFormats(): void {
	numberFormat().format(1);
	new Intl.PluralRules(language()).select(1);
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The number formatter for these options in a language (the widget's unless given), made once: making
 * one costs far more than formatting with it (the stats widget's idle CPU, bench/README.md). Throws as
 * `Intl.NumberFormat` does for options it rejects (an unknown currency).
 */
export function numberFormat(
	options: Intl.NumberFormatOptions = {},
	locale: string = language()
): Intl.NumberFormat {
	const key = `${locale} ${JSON.stringify(options)}`;
	let formatter = formatters.get(key);
	if (!formatter) {
		formatter = new Intl.NumberFormat(locale, options);
		formatters.set(key, formatter);
	}
	return formatter;
}

/** `12,345` / `12.345` / `12 345`: a count in the widget's language. */
export function count(n: number): string {
	return numberFormat().format(n);
}

/**
 * An amount of money: with an ISO code, the locale's own currency format (`5,00 €`); with only a
 * symbol, the symbol before the locale's number; with neither, the number alone. In the widget's
 * language unless given one (the dashboard's chat feed).
 */
export function money(
	amount: number,
	currency?: string,
	symbol?: string,
	// Undefined: numberFormat's own default, the widget's language.
	lang?: string
): string {
	if (currency && /^[A-Za-z]{3}$/.test(currency))
		try {
			return numberFormat({ style: 'currency', currency }, lang).format(amount);
		} catch {
			// An unknown code: the number as below.
		}
	return `${symbol ?? ''}${numberFormat({}, lang).format(amount)}`;
}

/** `12 seconds ago` / `vor 12 Sekunden`, from a number of seconds. */
export function secondsAgo(seconds: number): string {
	return new Intl.RelativeTimeFormat(language(), { numeric: 'auto', style: 'short' }).format(
		-Math.max(0, Math.round(seconds)),
		'second'
	);
}

/** The local time of a timestamp, with seconds, as the widget's language writes it. */
export function clockTime(ms: number): string {
	return new Intl.DateTimeFormat(language(), {
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit'
	}).format(ms);
}
