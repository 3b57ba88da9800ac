/**
 * The companion's start log in the streamer's language (start-language.ts chooses it). Imported only
 * once the messages are compiled. The streamer's token is never an input here: only the simulator's.
 */
import { m } from '../lib/paraglide/messages.js';
import { getLocale, locales, setLocale, type Locale } from '../lib/paraglide/runtime.js';
import { matchLocale, systemLocale } from './start-language';
import type { StartError } from './start-errors';

export { m, locales };

/** Sets the log's language; an unknown `--lang` is an error naming the flag and the choices. */
export function useStartLanguage(
	flag: string | undefined
): { ok: true; locale: string } | { ok: false; error: StartError } {
	const locale = flag === undefined ? systemLocale(locales) : matchLocale(flag, locales);
	if (!locale) return { ok: false, error: { kind: 'lang', choices: locales.join(', ') } };
	setLocale(locale as Locale, { reload: false });
	return { ok: true, locale };
}

/** Labels and values in two columns, the labels padded to the longest one in this language. */
export function columns(rows: readonly (readonly [label: string, value: string])[]): string[] {
	const width = Math.max(...rows.map(([label]) => label.length)) + 2;
	return rows.map(([label, value]) => `${label.padEnd(width)}${value}`);
}

/** Seconds with one decimal, as the language writes them (`12.3`, `12,3`). */
export function seconds(ms: number, locale: string): string {
	return new Intl.NumberFormat(locale, {
		minimumFractionDigits: 1,
		maximumFractionDigits: 1
	}).format(ms / 1000);
}

/** A number as the log's language writes it (`1,500`, `1.500`, `0,5`). */
export function number(n: number, maximumFractionDigits = 0): string {
	return new Intl.NumberFormat(getLocale(), { maximumFractionDigits }).format(n);
}
