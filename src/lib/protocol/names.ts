/** How the application stores names the streamer types (spec: Chatbot command). */

/** A chatbot command name as stored: no chat prefix, trimmed, lowercase, each run of spaces a dash. */
export function commandSlug(name: string): string {
	return name.trim().replace(/^!+/, '').trim().toLowerCase().replace(/\s+/g, '-');
}
