/** Values as the application stores them (variables, song data), read safely. */

/** A stored value as a number, when it is one (numbers may come back as numeric strings). */
export function numberOf(raw: unknown): number | undefined {
	if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
	if (typeof raw === 'string' && raw.trim() !== '' && raw.length < 40) {
		const n = Number(raw.trim());
		return Number.isFinite(n) ? n : undefined;
	}
	return undefined;
}

/**
 * A stored value as a list, when it is one: JSON-array variables come back as arrays or as their
 * JSON text (facts §5.10, §6.4). Anything else, malformed JSON included, gives undefined.
 */
export function listOf(raw: unknown): unknown[] | undefined {
	if (Array.isArray(raw)) return raw;
	if (typeof raw !== 'string' || !raw.trimStart().startsWith('[')) return undefined;
	try {
		const parsed: unknown = JSON.parse(raw);
		return Array.isArray(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}

/**
 * An image address a widget may load: inline images and http(s) only. Anything else (javascript:,
 * file:, relative paths that would hit the page's own host) gives undefined, and no image is shown.
 */
export function safeImageUrl(raw: unknown): string | undefined {
	if (typeof raw !== 'string') return undefined;
	const text = raw.trim();
	if (!text || text.length > 200_000) return undefined;
	if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(text)) return text;
	try {
		const url = new URL(text);
		return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
	} catch {
		return undefined;
	}
}
