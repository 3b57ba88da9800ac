/**
 * The dashboard's words, one function per message (`m.nav_deck()`, `m.deck_page_of({ n, total, name })`),
 * typed from messages/dashboard/<area>/en.json: import them as `import * as m from '$lib/app/messages'`.
 * Each speaks the language shown (language.svelte.ts) and is a named export of its own, so a page's
 * first load carries only the English words it uses.
 */
export * from '$lib/paraglide-ui/dashboard';
