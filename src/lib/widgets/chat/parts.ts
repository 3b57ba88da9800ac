/** A chat line's text cut into text runs and native emote images (always text nodes, never HTML). */
import type { ChatLine } from '$lib/protocol';

export type ChatPart = { text: string } | { emote: string; alt: string };

/** Where a platform's emote ids are drawn from; a platform not listed shows its emotes as text. */
const EMOTE_URLS: Readonly<Record<string, (id: string) => string>> = {
	alpha: (id) =>
		`https://static-cdn.jtvnw.net/emoticons/v2/${encodeURIComponent(id)}/default/dark/1.0`
};

export function chatParts(line: Pick<ChatLine, 'text' | 'platform' | 'emotes'>): ChatPart[] {
	const url = EMOTE_URLS[line.platform];
	if (!url || !line.emotes?.length) return [{ text: line.text }];
	const chars = [...line.text];
	const parts: ChatPart[] = [];
	let at = 0;
	for (const e of line.emotes) {
		// The ranges were checked in order and in bounds when parsed; checked again, as cheap insurance.
		if (e.start < at || e.end >= chars.length) continue;
		if (e.start > at) parts.push({ text: chars.slice(at, e.start).join('') });
		parts.push({ emote: url(e.id), alt: chars.slice(e.start, e.end + 1).join('') });
		at = e.end + 1;
	}
	if (at < chars.length) parts.push({ text: chars.slice(at).join('') });
	return parts;
}
