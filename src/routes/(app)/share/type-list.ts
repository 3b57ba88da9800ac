/** A custom link's send types as the page's language lists them ("Timeout, Bann und Chat leeren"). */
import { isSendType } from '$lib/protocol';
import { SEND_TYPE_WORDS } from '$lib/app/send-type-words';
import { language } from '$lib/app/language.svelte';

/** Each type by the dashboard's word for it; a type this dashboard does not know (a newer companion's) keeps its protocol name. */
export const typeList = (types: readonly string[]): string =>
	new Intl.ListFormat(language.current, { type: 'conjunction' }).format(
		types.map((t) => (isSendType(t) ? SEND_TYPE_WORDS[t]() : t))
	);
