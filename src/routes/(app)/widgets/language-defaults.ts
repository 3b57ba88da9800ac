/**
 * Defaults that follow the widget's language (the form's Widget language): the alert box's templates
 * show its default words in that language, as the widget will say them (kinds.ts, defaultTemplate).
 * Left as shown, such a field is still the default: the URL leaves it out and the widget says its
 * own words, with their plurals.
 */
import { ALERT_KINDS, defaultTemplate, type AlertKind } from '$lib/widgets/alert-box/kinds';
import { matchLanguage, type Locale } from '$lib/widgets/i18n';
import type { OptionField, OptionValue } from '$lib/widgets/options';

const TEMPLATE = /^(\w+)Text$/;
const isKind = (kind: string | undefined): kind is AlertKind =>
	(ALERT_KINDS as readonly string[]).includes(kind ?? '');

/** The field's default in the widget's language `lang` (the form's raw `lang`, English when unknown). */
export function defaultIn(widgetId: string, field: OptionField, lang: string): OptionValue {
	const kind = widgetId === 'alert-box' ? TEMPLATE.exec(field.key)?.[1] : undefined;
	const locale: Locale = matchLanguage(lang) ?? 'en';
	return isKind(kind) && locale !== 'en' ? defaultTemplate(kind, locale) : field.default;
}
