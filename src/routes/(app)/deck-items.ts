/** The everything page's buttons, read from the setup through the capabilities (never assumed). */
import type { Capabilities } from '$lib/client/capabilities';
import type { SendType } from '$lib/protocol';
import { alertLabel } from '$lib/app/deck/actions';
import type { TriggerType } from '$lib/app/deck/layout';
import * as m from '$lib/app/messages';
import { alertWords } from './tile-words';

/** A section of the everything page; its title in the dashboard's language, read when shown. */
const section = (type: TriggerType, title: () => string) => ({
	type,
	get title() {
		return title();
	}
});

export const DECK_SECTIONS: readonly { readonly type: TriggerType; readonly title: string }[] = [
	section('chat-command', m.deck_sec_commands),
	section('chatbot-command', m.deck_sec_chatbot),
	section('alert', m.deck_sec_alerts),
	section('studio-scene', m.deck_sec_scenes),
	section('studio-theme', m.deck_sec_themes),
	section('studio-animation', m.deck_sec_animations),
	section('alpha-points', () => m.deck_sec_rewards({ platform: 'alpha' })),
	section('alpha-extension', () => m.deck_sec_extension({ platform: 'alpha' })),
	section('gamma-points', () => m.deck_sec_rewards({ platform: 'gamma' }))
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
			const readable =
				type === 'alert' ? alertLabel(name, alertWords) : { text: name, source: undefined };
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
