/** Pure formatting for widgets: values as the application stores them turned into short text. */

import { listOf, numberOf } from '$lib/client/values';
import { language, numberFormat } from './i18n';

// A clock face needs no language: kept apart, so the dashboard's receipts take it without the widgets' i18n.
export { formatDuration } from './duration';

type NumberFormat = 'plain' | 'grouped' | 'compact' | 'fixed2';

const FORMATS: Record<NumberFormat, Intl.NumberFormatOptions> = {
	plain: { useGrouping: false, maximumFractionDigits: 6 },
	grouped: { maximumFractionDigits: 6 },
	compact: { notation: 'compact', maximumFractionDigits: 1 },
	fixed2: { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 }
};

const MAX_TEXT = 200;

/** A number in the widget's language (i18n.ts) unless a locale is given. */
export function formatNumber(n: number, format: string, locale: string = language()): string {
	try {
		return numberFormat(FORMATS[format as NumberFormat] ?? FORMATS.plain, locale).format(n);
	} catch {
		return String(n);
	}
}

/**
 * A variable's value as text: numbers in the chosen format, an empty counter as 0, text as itself,
 * objects by their `name` (object-valued variables such as last_cheer) or as short JSON.
 */
export function displayValue(raw: unknown, format: string, locale: string = language()): string {
	if (raw === undefined || raw === null || raw === '') return formatNumber(0, format, locale);
	const n = numberOf(raw);
	if (n !== undefined) return formatNumber(n, format, locale);
	const list = typeof raw === 'string' ? listOf(raw) : undefined;
	if (list) return displayValue(list, format, locale);
	if (typeof raw === 'string') return raw.slice(0, MAX_TEXT);
	if (typeof raw === 'boolean') return String(raw);
	if (typeof raw === 'object') {
		const name = (raw as Record<string, unknown>).name;
		if (typeof name === 'string' || typeof name === 'number')
			return String(name).slice(0, MAX_TEXT);
		try {
			return JSON.stringify(raw).slice(0, MAX_TEXT);
		} catch {
			return '';
		}
	}
	return String(raw).slice(0, MAX_TEXT);
}
