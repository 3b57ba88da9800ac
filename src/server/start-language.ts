/**
 * The language of the companion's start log: `--lang`, else the system locale (LC_ALL, LC_MESSAGES,
 * LANG, as POSIX orders them; then the locale Node's Intl starts with), else English. The messages are
 * Paraglide's (messages/<locale>.json), compiled into src/lib/paraglide/ by every build; `npm start`
 * on a fresh clone may run before any build, so they are compiled here first when missing or older
 * than the catalogue.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { matchLocale } from '../lib/client/language-tag';

export { matchLocale };

/** What the system asks for, first match wins; English when nothing matches. */
export function systemLocale(
	locales: readonly string[],
	env: NodeJS.ProcessEnv = process.env,
	intlLocale = Intl.DateTimeFormat().resolvedOptions().locale
): string {
	for (const tag of [env.LC_ALL, env.LC_MESSAGES, env.LANG, intlLocale]) {
		const found = tag ? matchLocale(tag, locales) : undefined;
		if (found) return found;
	}
	return 'en';
}

function newest(dir: string): number {
	return Math.max(0, ...readdirSync(dir).map((f) => statSync(join(dir, f)).mtimeMs));
}

/** Compiles the messages when src/lib/paraglide is missing or older than messages/ (a fresh clone). */
export async function ensureMessages(projectDir: string): Promise<void> {
	let compiled = 0;
	try {
		compiled = statSync(join(projectDir, 'src/lib/paraglide/messages.js')).mtimeMs;
	} catch {
		// not compiled yet
	}
	const sources = Math.max(
		newest(join(projectDir, 'messages')),
		statSync(join(projectDir, 'project.inlang/settings.json')).mtimeMs
	);
	if (compiled >= sources) return;
	const [{ compile }, { PARAGLIDE_OPTIONS }] = await Promise.all([
		import('@inlang/paraglide-js'),
		import('../../build-tools/paraglide')
	]);
	await compile(PARAGLIDE_OPTIONS);
}
