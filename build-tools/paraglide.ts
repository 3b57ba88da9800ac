/**
 * Why: the widgets' words live in messages/{locale}.json (the inlang project in project.inlang/);
 * Paraglide compiles them into typed message functions in src/lib/paraglide (git-ignored). Every Vite
 * build and the vitest run compile through the plugin; `npm run check` runs this file first, since
 * svelte-check reads the generated modules and runs no Vite.
 *
 * The locale is a global the page sets once (`setLocale(…, { reload: false })` from a widget's `lang=`),
 * English when nothing set it: no cookie, no URL routing (docs/languages.md).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { compile, paraglideVitePlugin, type CompilerOptions } from '@inlang/paraglide-js';
import type { Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const PARAGLIDE_OPTIONS = {
	project: here('../project.inlang'),
	outdir: here('../src/lib/paraglide'),
	strategy: ['globalVariable', 'baseLocale'],
	// One module per language: fewer files than one per message, and the widgets use every message.
	outputStructure: 'locale-modules'
} satisfies CompilerOptions;

export const paraglide = () => paraglideVitePlugin(PARAGLIDE_OPTIONS);

/**
 * widget.html's messages: the same messages/ compiled once more by Paraglide's own Vite plugin, from an
 * inlang project whose only locale is the base one (its settings derived here from project.inlang's),
 * into a folder of its own. Documented means only: the compiler's `project` and `outdir` options, and
 * the compiled `messages.js`, which widget-page.config.ts puts in place of the full one. So the page
 * carries English alone; its other languages come from build/widget-languages.js, on demand
 * (src/lib/widgets/messages.ts). A hidden, git-ignored folder: made by the build, never written by hand.
 */
const ENGLISH_ONLY = here('./.paraglide-english');
/**
 * What widget-page.config.ts puts in place of messages.js: its `m`, straight from the compile's one
 * locale module (`messages/<base>.js`, outputStructure 'locale-modules'). messages.js's `m` wraps each
 * message in a locale dispatch that keeps the runtime in the page; with one locale, and the page's
 * language picked by src/lib/widgets/messages.ts, the wrappers only cost bytes (1.5 kB gzipped).
 */
export const WIDGET_ENGLISH_MESSAGES = `${ENGLISH_ONLY}/english-messages.js`;

/** Message keys no widget shows (the companion's start log): left out of widget.html and widget-languages.js. */
export const NOT_WIDGET_PREFIXES = ['companion_'];

function writeIfChanged(file: string, text: string): void {
	if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
}

const projectSettings = () =>
	JSON.parse(readFileSync(`${PARAGLIDE_OPTIONS.project}/settings.json`, 'utf8')) as {
		baseLocale: string;
		locales: string[];
	} & Record<string, unknown>;

// A hidden project's paths are relative to the folder that holds it, two levels below the root.
const fromHere = (value: unknown): unknown =>
	typeof value === 'string' && value.startsWith('./')
		? `../../${value.slice(2)}`
		: Array.isArray(value)
			? value.map(fromHere)
			: value && typeof value === 'object'
				? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromHere(v)]))
				: value;

export function widgetEnglishParaglide() {
	const settings = projectSettings();
	// The widgets' messages alone: the page keeps every message it is given (messages.ts looks them
	// up by name), so words only the companion prints stay out of it.
	const base: string = settings.baseLocale;
	const all = JSON.parse(readFileSync(here(`../messages/${base}.json`), 'utf8')) as Record<
		string,
		unknown
	>;
	const widgetOnly = Object.fromEntries(
		Object.entries(all).filter(([key]) => !NOT_WIDGET_PREFIXES.some((p) => key.startsWith(p)))
	);
	const english = JSON.stringify(
		{
			...(fromHere(settings) as object),
			locales: [base],
			// Beside the project: ./messages/en.json in this hidden folder, the filtered copy.
			'plugin.inlang.messageFormat': { pathPattern: './messages/{locale}.json' }
		},
		null,
		'\t'
	);
	const project = `${ENGLISH_ONLY}/english.inlang`;
	mkdirSync(project, { recursive: true });
	mkdirSync(`${ENGLISH_ONLY}/messages`, { recursive: true });
	// Written only when they change: the plugin's cache keys on them.
	writeIfChanged(`${project}/settings.json`, english);
	writeIfChanged(
		`${ENGLISH_ONLY}/messages/${base}.json`,
		`${JSON.stringify(widgetOnly, null, '\t')}\n`
	);
	// `m` as a plain object of the functions, not `export * as m`: a module namespace costs a getter
	// per message in the page (0.1 kB gzipped). Keys that are not identifiers keep the namespace.
	const keys = Object.keys(widgetOnly).filter((key) => key !== '$schema');
	writeIfChanged(
		WIDGET_ENGLISH_MESSAGES,
		keys.every((key) => /^[A-Za-z_$][\w$]*$/.test(key))
			? `import { ${keys.join(', ')} } from './paraglide/messages/${base}.js';\n` +
					`export const m = { ${keys.join(', ')} };\n`
			: `export * as m from './paraglide/messages/${base}.js';\n`
	);
	return paraglideVitePlugin({
		...PARAGLIDE_OPTIONS,
		project,
		outdir: `${ENGLISH_ONLY}/paraglide`,
		// Its one locale is the base one, and i18n.ts keeps the page's language: this runtime never
		// detects a locale, so `isServer` (a tree-shaking flag) leaves the browser's detection out.
		strategy: ['baseLocale'],
		isServer: 'true'
	});
}

/**
 * build/widget-languages.js's messages: every language's widget messages, compiled once more (as for
 * widget.html's English) without the keys no widget says (the companion's start log), which
 * `Object.entries(m)` in src/widget-entry/languages.ts would otherwise carry into the script.
 * widget-languages.config.ts points `$lib/paraglide` at this folder's compile.
 */
export const WIDGET_LANGUAGES = here('./.paraglide-widget-languages');

export function widgetLanguagesParaglide() {
	const settings = projectSettings();
	const project = `${WIDGET_LANGUAGES}/languages.inlang`;
	mkdirSync(project, { recursive: true });
	mkdirSync(`${WIDGET_LANGUAGES}/messages`, { recursive: true });
	writeIfChanged(
		`${project}/settings.json`,
		JSON.stringify(
			{
				...(fromHere(settings) as object),
				// Beside the project: ./messages/{locale}.json in this hidden folder, the filtered copies.
				'plugin.inlang.messageFormat': { pathPattern: './messages/{locale}.json' }
			},
			null,
			'\t'
		)
	);
	for (const locale of settings.locales) {
		const all = JSON.parse(readFileSync(here(`../messages/${locale}.json`), 'utf8')) as Record<
			string,
			unknown
		>;
		const widgetOnly = Object.fromEntries(
			Object.entries(all).filter(([key]) => !NOT_WIDGET_PREFIXES.some((p) => key.startsWith(p)))
		);
		writeIfChanged(
			`${WIDGET_LANGUAGES}/messages/${locale}.json`,
			`${JSON.stringify(widgetOnly, null, '\t')}\n`
		);
	}
	return paraglideVitePlugin({
		...PARAGLIDE_OPTIONS,
		project,
		outdir: `${WIDGET_LANGUAGES}/paraglide`
	});
}

/**
 * The dashboard's words: messages/dashboard/<area>/{locale}.json, one folder per part of the dashboard
 * (shell, deck, …), a catalogue of their own that the project in project.inlang (the widgets' and the
 * start log's) never reads, so widget.html and widget-languages.js cannot carry them. Each language's
 * areas are merged (a key names one message in all of them) and compiled into its own folder
 * (src/lib/paraglide-ui/<locale>/, git-ignored) from a hidden project whose only locale is that one.
 * The other languages' compiles are what the dashboard fetches when one is shown; English's is only
 * the reference tests/unit/messages.test.ts holds ours to. The dashboard's English is written here,
 * one plain function per message in src/lib/paraglide-ui/dashboard/<key>.ts, which asks for the
 * language shown first (src/lib/app/language.svelte.ts): Paraglide's compile wraps each message in a
 * locale dispatch that keeps its runtime in the first load, three layers where one does. Each is a
 * pure named export: a page's first load carries the English words it uses and no others.
 * Documented means only: the compiler's `project`, `outdir`, `strategy` and
 * `experimentalStaticLocale` options (the last fixes each compile's one language), and the inlang
 * message format.
 */
export const DASHBOARD_MESSAGES = here('../messages/dashboard');
export const DASHBOARD_OUTDIR = here('../src/lib/paraglide-ui');
const DASHBOARD_PROJECTS = here('./.paraglide-dashboard');

/** The dashboard's areas: the folders of messages/dashboard/. */
export const dashboardAreas = (): string[] =>
	readdirSync(DASHBOARD_MESSAGES, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort();

/** One language's dashboard words, every area's file merged; a key in two areas is an error. */
export function dashboardCatalogue(locale: string): Record<string, unknown> {
	const merged: Record<string, unknown> = {};
	const from: Record<string, string> = {};
	for (const area of dashboardAreas()) {
		const file = `${DASHBOARD_MESSAGES}/${area}/${locale}.json`;
		if (!existsSync(file)) throw new Error(`messages/dashboard/${area}/${locale}.json is missing`);
		const { $schema: _schema, ...messages } = JSON.parse(readFileSync(file, 'utf8')) as Record<
			string,
			unknown
		>;
		for (const [key, message] of Object.entries(messages)) {
			if (key in merged)
				throw new Error(
					`messages/dashboard/${area}/${locale}.json: "${key}" is already in ${from[key]}/; a key names one message`
				);
			merged[key] = message;
			from[key] = area;
		}
	}
	return merged;
}

/** A message's text as a template literal, its `{name}` placeholders filled from `refs`. */
function template(
	text: string,
	refs: ReadonlyMap<string, string>,
	fail: (what: string) => never
): string {
	let out = '';
	for (let i = 0; i < text.length; i++) {
		const char = text[i]!;
		if (char === '\\' && '{}\\'.includes(text[i + 1] ?? '')) {
			// The inlang message format's escapes: \{, \} and \\ stand for themselves.
			out += `\\${text[++i]}`;
			continue;
		}
		if (char === '{') {
			const end = text.indexOf('}', i);
			const ref = refs.get(text.slice(i + 1, end));
			if (end < 0 || !ref) fail(`has a placeholder it cannot fill: ${text.slice(i)}`);
			out += `\${${ref}}`;
			i = end;
			continue;
		}
		out += char === '`' || char === '\\' || char === '$' ? `\\${char}` : char;
	}
	return `\`${out}\``;
}

type Variants = { declarations: string[]; selectors: string[]; match: Record<string, string> };

/**
 * One English message as one TypeScript function: the words of the language shown once its chunk is in
 * (`said`), else the English text. The inlang message format as this catalogue writes it: text with
 * `{input}` placeholders, or variants chosen by plural category (`local xPlural = x: plural`), with
 * numbers formatted as English writes them (`local n = x: number`). Anything else fails the build
 * with the message's key, to be taught here. Typed as Paraglide types its compiled messages: every
 * input required, so a missing parameter fails the type check.
 */
export function englishMessage(key: string, message: unknown): string {
	const fail = (what: string): never => {
		throw new Error(
			`messages/dashboard: "${key}" ${what} (build-tools/paraglide.ts compiles the rest)`
		);
	};
	const say = (inputs: string[], body: string) =>
		inputs.length
			? `export const ${key} = (i: { ${inputs.map((n) => `${n}: NonNullable<unknown>`).join('; ')} }): string =>\n\tsaid('${key}', i) ?? ${body};`
			: `export const ${key} = (): string => said('${key}') ?? ${body};`;
	if (typeof message === 'string') {
		const inputs = [...new Set([...message.matchAll(/(?<!\\)\{(\w+)\}/g)].map((m) => m[1]!))];
		return say(inputs, template(message, new Map(inputs.map((n) => [n, `i.${n}`])), fail));
	}
	const [variants, ...more] = message as Variants[];
	if (!variants || more.length) fail('is neither a text nor one set of variants');
	const inputs: string[] = [];
	const refs = new Map<string, string>();
	for (const declaration of variants!.declarations) {
		const input = /^input (\w+)$/.exec(declaration);
		const local = /^local (\w+) = (\w+): (plural|number)$/.exec(declaration);
		if (input) {
			inputs.push(input[1]!);
			refs.set(input[1]!, `i.${input[1]}`);
		} else if (local && inputs.includes(local[2]!))
			refs.set(local[1]!, `${local[3]}(i.${local[2]})`);
		else fail(`declares ${declaration}`);
	}
	// As the message format plugin does, a placeholder no declaration names is an input too.
	for (const text of Object.values(variants!.match))
		for (const [, name] of text.matchAll(/(?<!\\)\{(\w+)\}/g))
			if (!refs.has(name!)) {
				inputs.push(name!);
				refs.set(name!, `i.${name}`);
			}
	let fallback: string | undefined;
	const branches: string[] = [];
	for (const [when, text] of Object.entries(variants!.match)) {
		const tests = when
			.split(/\s*,\s*/)
			.map((part) => {
				const [selector = '', value] = part.split('=');
				if (!variants!.selectors.includes(selector) || value === undefined)
					fail(`has the variant ${when}`);
				return value === '*' ? '' : `${refs.get(selector)} === ${JSON.stringify(value)}`;
			})
			.filter(Boolean);
		const said = template(text, refs, fail);
		if (tests.length) branches.push(`${tests.join(' && ')} ? ${said} : `);
		else fallback ??= said;
	}
	if (fallback === undefined) fail('has no catch-all (*) variant');
	return say(inputs, `(${branches.join('')}${fallback})`);
}

/**
 * The messages every dashboard component imports (through src/lib/app/messages.ts): one module per
 * message, each one function with its English text in it, so each goes into the chunk of the pages
 * that use it and the deck's first load carries only the deck's words, with nothing of Paraglide's
 * (its compiled messages wrap each in a locale dispatch that keeps its runtime in).
 */
function writeMessages(catalogue: Record<string, unknown>): void {
	const folder = `${DASHBOARD_OUTDIR}/dashboard`;
	mkdirSync(folder, { recursive: true });
	const made = '// Made by build-tools/paraglide.ts from messages/dashboard/: do not edit.';
	const keys = Object.keys(catalogue).sort();
	for (const key of keys) {
		const code = englishMessage(key, catalogue[key]);
		const helpers = ['said', ...['plural', 'number'].filter((h) => code.includes(`${h}(i.`))];
		writeIfChanged(
			`${folder}/${key}.ts`,
			[made, `import { ${helpers.join(', ')} } from '$lib/app/language.svelte';`, code, ''].join(
				'\n'
			)
		);
	}
	writeIfChanged(
		`${DASHBOARD_OUTDIR}/dashboard.ts`,
		[made, ...keys.map((key) => `export { ${key} } from './dashboard/${key}';`), ''].join('\n')
	);
}

export async function compileDashboard(): Promise<void> {
	const settings = projectSettings();
	mkdirSync(DASHBOARD_PROJECTS, { recursive: true });
	mkdirSync(DASHBOARD_OUTDIR, { recursive: true });
	for (const locale of settings.locales) {
		const project = `${DASHBOARD_PROJECTS}/${locale}.inlang`;
		const outdir = `${DASHBOARD_OUTDIR}/${locale}`;
		const text = JSON.stringify(
			{
				...(fromHere(settings) as object),
				baseLocale: locale,
				locales: [locale],
				// Beside the projects: this language's merged messages, in this hidden folder.
				'plugin.inlang.messageFormat': { pathPattern: './messages/{locale}.json' }
			},
			null,
			'\t'
		);
		const options = {
			...PARAGLIDE_OPTIONS,
			project,
			outdir,
			strategy: ['baseLocale'],
			experimentalStaticLocale: JSON.stringify(locale),
			// messages/<locale>.js holds plain functions: the dashboard fetches that module alone, without
			// messages.js's per-message locale dispatch and the runtime it keeps (half the chunk).
			outputStructure: 'locale-modules'
		} satisfies CompilerOptions;
		const catalogue = dashboardCatalogue(locale);
		if (locale === settings.baseLocale) writeMessages(catalogue);
		// Compiled again only when its messages, its settings or these options changed (vitest starts
		// twice per run, and every build step once).
		const messages = `${JSON.stringify({ $schema: 'https://inlang.com/schema/inlang-message-format', ...catalogue }, null, '\t')}\n`;
		const stamp = createHash('sha256')
			.update(text)
			.update(JSON.stringify(options))
			.update(messages)
			.digest('hex');
		const stampFile = `${DASHBOARD_PROJECTS}/${locale}.stamp`;
		if (
			existsSync(`${outdir}/messages.js`) &&
			existsSync(stampFile) &&
			readFileSync(stampFile, 'utf8') === stamp
		)
			continue;
		mkdirSync(project, { recursive: true });
		mkdirSync(`${DASHBOARD_PROJECTS}/messages`, { recursive: true });
		writeIfChanged(`${project}/settings.json`, text);
		writeIfChanged(`${DASHBOARD_PROJECTS}/messages/${locale}.json`, messages);
		await compile(options);
		writeFileSync(stampFile, stamp);
	}
}

let compiling: Promise<void> | undefined;
/**
 * The dashboard's words, compiled before Vite resolves any module (every build step and vitest; once
 * per process, so vitest's two projects do not write the same files at once).
 */
export const dashboardParaglide = (): Plugin => ({
	name: 'dashboard-messages',
	buildStart: () => (compiling ??= compileDashboard())
});

// `tsx build-tools/paraglide.ts`: compile once, outside Vite.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	await compile(PARAGLIDE_OPTIONS);
	await compileDashboard();
}
