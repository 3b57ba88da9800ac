import { language } from '$lib/app/language.svelte';

/**
 * The dashboard's language before its first render: a language other than English is fetched first
 * (a chunk of its own), so the page never flashes English words before its own.
 */
export async function load(): Promise<void> {
	await language.start();
}
