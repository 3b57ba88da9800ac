/**
 * The key form's labels for the fields of the body it sends (/__share/widget-keys), by the request's
 * name of each: a field the companion refuses is named as the form names it. `widget` and `options`
 * come from the builder, not a field of the form, so they keep the request's names.
 */
import * as m from '$lib/app/messages';
import type { FieldLabels } from '$lib/app/companion-words';

export const KEY_FIELDS: FieldLabels = { name: m.builder_key_name };
