/**
 * The widget page's languages other than English: build/widget-languages.js, a classic script beside
 * the page (languages.ts), loaded only when a widget's `lang=` asks for one. Until it is in, the page
 * stays English; when it cannot load, the widget stays English and its debug corner says so (i18n.ts).
 */
import { baseLocale } from '$lib/paraglide/runtime';
import { pageParams } from '$lib/client/settings';
import { LANGUAGES_GLOBAL, matchLanguage } from '$lib/widgets/i18n';

export const LANGUAGES_SCRIPT = 'widget-languages.js';

let loading: Promise<void> | undefined;

/** Whether the page's URL asks for a language widget.html does not carry itself. */
export function otherLanguageAsked(): boolean {
	const asked = matchLanguage(pageParams(location).get('lang') ?? '');
	return asked !== undefined && asked !== baseLocale;
}

export function loadLanguages(): Promise<void> {
	if (LANGUAGES_GLOBAL in globalThis) return Promise.resolve();
	loading ??= new Promise<void>((ok, fail) => {
		const script = document.createElement('script');
		// Beside the page, whatever its folder (subpath, file://).
		script.src = LANGUAGES_SCRIPT;
		script.onload = () => ok();
		script.onerror = () => {
			loading = undefined;
			fail(new Error(`${LANGUAGES_SCRIPT} did not load`));
		};
		document.head.append(script);
	});
	return loading;
}
