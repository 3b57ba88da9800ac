/**
 * widget.html's `$lib/paraglide/runtime` (widget-page.config.ts): the project's languages, read from
 * the same settings Paraglide compiles from, without Paraglide's runtime, whose top-level statements
 * (its `globalThis.__paraglide` slot, its cookie pattern) the page would otherwise run for nothing:
 * the page keeps its language itself (lib/widgets/i18n.ts) and never detects or stores one.
 */
import { baseLocale as base, locales as all } from '../project.inlang/settings.json';
import type { Locale } from '../src/lib/paraglide/runtime';

export type { Locale };
export const baseLocale = base as Locale;
export const locales = all as readonly Locale[];

/** Paraglide's global locale: the widget page's code never calls these (i18n.ts, __WIDGET_LANGUAGES_ON_DEMAND__). */
export const getLocale = (): Locale => baseLocale;
export const setLocale = (): void => {
	throw new Error('widget.html keeps its language in lib/widgets/i18n.ts');
};
