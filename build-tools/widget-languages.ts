/**
 * Why: widget.html carries English only; the other languages' messages are one classic script beside
 * it, build/widget-languages.js, which the page loads only for a widget whose `lang=` asks for one
 * (src/widget-entry/languages-loader.ts). A classic script, as for demo mode: it loads over http and
 * from file:// alike.
 *
 * In widget.html, two of Paraglide's generated modules get smaller stand-ins: the dispatch module
 * (messages/_index.js, which imports every language) imports English only and calls the script's
 * global for any other language; the runtime (URL, cookie and server strategies, none of which a
 * widget uses) becomes the locale variable the page sets once. The page switches to a language only
 * once the script is in (i18n.ts, useLanguage). Both files list the messages in the same order (en.js's).
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { PARAGLIDE_OPTIONS } from './paraglide';

/** The global build/widget-languages.js sets: each language's message functions, in en.js's order. */
export const LANGUAGES_GLOBAL = '__streamControlMessages';
const MESSAGES = `${PARAGLIDE_OPTIONS.outdir}/messages`;
const DISPATCH = '\0widget-messages';
const RUNTIME = '\0widget-runtime';
const ENTRY = 'virtual:widget-languages';

/** The message names, in the order both builds use. */
function messageNames(): string[] {
	const english = readFileSync(`${MESSAGES}/en.js`, 'utf8');
	return [...english.matchAll(/^export const (\w+)/gm)].map((m) => m[1]!);
}

function settings(): { baseLocale: string; locales: string[] } {
	return JSON.parse(readFileSync(`${PARAGLIDE_OPTIONS.project}/settings.json`, 'utf8'));
}

/** widget.html's stand-ins for the dispatch module and the runtime. */
export function languagesOnDemand(): Plugin {
	return {
		name: 'widget-languages-on-demand',
		enforce: 'pre',
		resolveId(source, importer) {
			const from = importer?.replaceAll('\\', '/') ?? '';
			if (source === RUNTIME) return RUNTIME;
			if (source === './messages/_index.js' && from.endsWith('/paraglide/messages.js'))
				return DISPATCH;
			if (
				/(^|\/)paraglide\/runtime(\.js)?$/.test(source) ||
				(source === '../runtime.js' && from.includes('/paraglide/'))
			)
				return RUNTIME;
			return null;
		},
		load(id) {
			if (id === RUNTIME) {
				const { baseLocale, locales } = settings();
				return [
					`export const baseLocale = ${JSON.stringify(baseLocale)};`,
					`export const locales = ${JSON.stringify(locales)};`,
					`let locale = baseLocale;`,
					`export const getLocale = () => locale;`,
					`export const setLocale = (next) => { locale = next; };`
				].join('\n');
			}
			if (id !== DISPATCH) return null;
			return [
				`import * as en from ${JSON.stringify(`${MESSAGES}/en.js`)};`,
				`import { getLocale } from ${JSON.stringify(RUNTIME)};`,
				`const say = (index, english) => (inputs) => {`,
				`\tconst locale = getLocale();`,
				`\treturn locale === 'en' ? english(inputs) : globalThis.${LANGUAGES_GLOBAL}[locale][index](inputs);`,
				`};`,
				...messageNames().map(
					(name, i) => `export const ${name} = /* @__PURE__ */ say(${i}, en.${name});`
				)
			].join('\n');
		}
	};
}

/** build/widget-languages.js's entry: every language but English, as lists in en.js's order. */
export function languagesScript(): Plugin {
	return {
		name: 'widget-languages-script',
		resolveId: (source) => (source.endsWith(ENTRY) ? `\0${ENTRY}` : null),
		load(id) {
			if (id !== `\0${ENTRY}`) return null;
			const { baseLocale, locales } = settings();
			const others = locales.filter((l) => l !== baseLocale);
			const names = messageNames();
			return [
				...others.map((l, i) => `import * as l${i} from ${JSON.stringify(`${MESSAGES}/${l}.js`)};`),
				`globalThis.${LANGUAGES_GLOBAL} = {`,
				...others.map(
					(l, i) => `\t${JSON.stringify(l)}: [${names.map((n) => `l${i}.${n}`).join(', ')}],`
				),
				`};`
			].join('\n');
		}
	};
}

export const LANGUAGES_ENTRY = ENTRY;
