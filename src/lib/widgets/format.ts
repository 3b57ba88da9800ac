/** Pure formatting for widgets: values as the application stores them turned into short text. */

export type NumberFormat = 'plain' | 'grouped' | 'compact' | 'fixed2';

const FORMATS: Record<NumberFormat, Intl.NumberFormatOptions> = {
	plain: { useGrouping: false, maximumFractionDigits: 6 },
	grouped: { maximumFractionDigits: 6 },
	compact: { notation: 'compact', maximumFractionDigits: 1 },
	fixed2: { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 }
};

const MAX_TEXT = 200;

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

export function formatNumber(n: number, format: string, locale?: string): string {
	const options = FORMATS[format as NumberFormat] ?? FORMATS.plain;
	try {
		return new Intl.NumberFormat(locale, options).format(n);
	} catch {
		return String(n);
	}
}

/**
 * A variable's value as text: numbers in the chosen format, an empty counter as 0, text as itself,
 * objects by their `name` (object-valued variables such as last_cheer) or as short JSON.
 */
export function displayValue(raw: unknown, format: string, locale?: string): string {
	if (raw === undefined || raw === null || raw === '') return formatNumber(0, format, locale);
	const n = numberOf(raw);
	if (n !== undefined) return formatNumber(n, format, locale);
	const list = typeof raw === 'string' ? listOf(raw) : undefined;
	if (list) return displayValue(list, format, locale);
	if (typeof raw === 'string') return raw.slice(0, MAX_TEXT);
	if (typeof raw === 'boolean') return String(raw);
	if (typeof raw === 'object') {
		const name = (raw as Record<string, unknown>).name;
		if (typeof name === 'string' || typeof name === 'number') return String(name).slice(0, MAX_TEXT);
		try {
			return JSON.stringify(raw).slice(0, MAX_TEXT);
		} catch {
			return '';
		}
	}
	return String(raw).slice(0, MAX_TEXT);
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

/** `m:ss` (or `h:mm:ss`) for a number of seconds. */
export function formatDuration(seconds: number): string {
	const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
	const h = Math.floor(total / 3600);
	const m = Math.floor((total % 3600) / 60);
	const s = String(total % 60).padStart(2, '0');
	return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Local `HH:MM:SS` of a timestamp, for the debug corner. */
export function clockTime(ms: number): string {
	const d = new Date(ms);
	const two = (n: number) => String(n).padStart(2, '0');
	return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
