/**
 * One rule for matching a language tag to the languages we have, for a widget's `lang=`, the
 * dashboard's browser languages and the companion's system locale: case and `_` do not matter, a
 * POSIX locale's encoding and modifier are dropped (`de_DE.UTF-8@euro`), and a tag we lack falls back
 * to one with its base language (`de-AT` → `de`, `pt` → `pt-BR`). `C` and `POSIX` name no language.
 */
export function matchLocale<L extends string>(tag: string, locales: readonly L[]): L | undefined {
	const want = tag.trim().split('.')[0]!.split('@')[0]!.replace('_', '-').toLowerCase();
	if (!want || want === 'c' || want === 'posix') return undefined;
	const base = want.split('-')[0];
	return (
		locales.find((l) => l.toLowerCase() === want) ??
		locales.find((l) => l.toLowerCase().split('-')[0] === base)
	);
}
