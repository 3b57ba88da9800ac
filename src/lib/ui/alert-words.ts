/**
 * An alert's line in the dashboard's language ("Bo hat 500 Bits gecheert"): the events widget's own
 * sentences (lib/widgets/events/describe.ts), each message said with Paraglide's per-call `locale`, so
 * the chat feed and the overlay read alike from one catalogue, whatever language a widget speaks.
 */
import type { AlertLine } from '$lib/protocol/event-lines';
import { describeAlert } from '$lib/widgets/events/describe';
import { m as widgetMessages, type Messages } from '$lib/widgets/messages';
import { language, type Language } from '$lib/app/language.svelte';

type Say = (inputs: object | undefined, options: { locale: Language }) => string;

const tables = new Map<Language, Messages>();

/** The widgets' messages, each said in `locale` whatever the widgets' own language is. */
export function messagesIn(locale: Language): Messages {
	let table = tables.get(locale);
	if (!table) {
		const all = widgetMessages as unknown as Record<string, Say>;
		table = new Proxy({} as Messages, {
			get: (_, name: string) => (inputs?: object) => all[name]!(inputs, { locale })
		});
		tables.set(locale, table);
	}
	return table;
}

/** Who did it and the rest of the sentence, in the language the dashboard shows (read at render). */
export const alertWords = (line: AlertLine) =>
	describeAlert(line, messagesIn(language.current), language.current);
