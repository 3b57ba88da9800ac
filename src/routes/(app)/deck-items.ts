/** The deck's buttons, read from the setup through the capabilities (never assumed). */
import type { Capabilities } from '$lib/client/capabilities';
import type { SendType } from '$lib/protocol';
import { deckKey } from './deck.svelte';

export const DECK_SECTIONS: readonly { type: SendType; title: string }[] = [
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
	type: SendType;
	name: string;
	section: string;
}

export function deckItems(capabilities: Capabilities | undefined): DeckItem[] {
	if (!capabilities) return [];
	return DECK_SECTIONS.flatMap(({ type, title }) =>
		(capabilities.get(type).names ?? []).map((name) => ({ key: deckKey(type, name), type, name, section: title }))
	);
}

export function matches(item: DeckItem, query: string): boolean {
	const q = query.trim().toLowerCase();
	return !q || item.name.toLowerCase().includes(q) || item.section.toLowerCase().includes(q);
}
