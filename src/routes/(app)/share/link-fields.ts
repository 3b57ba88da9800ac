/**
 * The create form's labels for the fields of the body it sends (POST /__share/links), by the request's
 * name of each: a field the companion refuses is named as the form names it ("Ablauf muss größer als
 * 0 sein", not "expiresInMinutes …"). Looked up when said, so they follow a change of language.
 */
import * as m from '$lib/app/messages';
import type { FieldLabels } from '$lib/app/companion-words';

export const LINK_FIELDS: FieldLabels = {
	label: m.share_field_label,
	profile: m.share_field_profile,
	types: m.share_field_types,
	expiresInMinutes: m.share_field_expiry
};
