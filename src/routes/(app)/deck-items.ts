/** The everything page's buttons, read from the setup through the capabilities (never assumed). */
import type { Capabilities } from '$lib/client/capabilities';
import type { SendType } from '$lib/protocol';
import { alertLabel } from '$lib/app/deck/actions';
import type { TriggerType } from '$lib/app/deck/layout';

export const DECK_SECTIONS: readonly { type: TriggerType; title: string }[] = [
	{ type: 'chat-command', title: 'Commands' },
	{ type: 'chatbot-command', title: 'Chatbot commands' },
	{ type: 'alert', title: 'Alerts' },
	{ type: 'studio-scene', title: 'Scenes' },
	{ type: 'studio-theme', title: 'Themes' },
	{ type: 'studio-animation', title: 'Animations' },
	{ type: 'alpha-points', title: 'alpha rewards' },
	{ type: 'alpha-extension', title: 'alpha extension' },
	{ type: 'gamma-points', title: 'gamma rewards' }
];

export interface DeckItem {
	key: string;
	type: TriggerType & SendType;
	/** The setup's name, sent as `value`. */
	name: string;
	/** What the button says: the name, or an alert as people say it ("Test follow"). */
	label: string;
	/** Where an alert comes from ("alpha"), shown under its label. */
	source?: string;
	section: string;
}

export function deckItems(capabilities: Capabilities | undefined): DeckItem[] {
	if (!capabilities) return [];
	return DECK_SECTIONS.flatMap(({ type, title }) =>
		(capabilities.get(type).names ?? []).map((name) => {
			const readable = type === 'alert' ? alertLabel(name) : { text: name, source: undefined };
			return {
				key: `${type}:${name}`,
				type,
				name,
				label: readable.text,
				source: readable.source,
				section: title
			};
		})
	);
}

export function matches(item: DeckItem, query: string): boolean {
	const q = query.trim().toLowerCase();
	return !q || [item.name, item.label, item.section].some((s) => s.toLowerCase().includes(q));
}
