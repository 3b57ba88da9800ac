/**
 * build/widget-languages.js: widget.html's languages other than English, as one classic script
 * (build-tools/widget-languages.config.ts) that the page loads only when `lang=` asks for one
 * (languages-loader.ts). It sets a global that $lib/widgets/messages.ts reads.
 *
 * Only Paraglide's documented entry points: the `m` namespace of messages.js, each message function's
 * per-call `{ locale }` option, and the runtime's `locales` and `baseLocale`.
 */
import { m } from '$lib/paraglide/messages';
import { baseLocale, locales } from '$lib/paraglide/runtime';
import { LANGUAGES_GLOBAL } from '$lib/widgets/i18n';
import type { LanguagesGlobal } from '$lib/widgets/messages';

type Say = (inputs: object | undefined, options: { locale: string }) => string;

const languages: LanguagesGlobal = Object.fromEntries(
	locales
		.filter((locale) => locale !== baseLocale)
		.map((locale) => [
			locale,
			Object.fromEntries(
				Object.entries(m as unknown as Record<string, Say>).map(([name, say]) => [
					name,
					(inputs?: object) => say(inputs, { locale })
				])
			)
		])
);
Object.assign(globalThis, { [LANGUAGES_GLOBAL]: languages });
