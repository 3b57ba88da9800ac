/**
 * The companion's refusals in the dashboard's language, and the page's own about its answers: the
 * server sends each as a kind and its values (lib/share/refusals.ts) beside its English text, which
 * stays the words for a kind this page does not know. The one table of them: the pages that show
 * them import it (Share, the widget builder's keys, the scene check, rehearsals), and the reasons'
 * chunk for a share link's refusal (reason-words.ts).
 */
import * as m from '$lib/app/messages';
import {
	fieldRuleOf,
	type CompanionRefusal,
	type RefusalData,
	type RefusalKind
} from '$lib/share/refusals';
import { ruleWordsOf } from './reason-words';

type Params = NonNullable<RefusalData['params']>;
type Said = (params: Params, fields: FieldLabels) => string | undefined;

/**
 * A page's labels for the body fields its form sends, by the request's name of each ("expiresInMinutes":
 * the Share page's "Expiry"), so a refused field is named as the form names it. Each page keeps its
 * table next to its form's labels; a field no form shows keeps the request's name.
 */
export type FieldLabels = Readonly<Record<string, () => string>>;
const label = (fields: FieldLabels, field: string): string =>
	Object.hasOwn(fields, field) ? fields[field]!() : field;

/** Its words, when the values the body sent are of the types its sentence needs. */
function words(shape: Record<string, 'string' | 'number'>, say: (values: never) => string): Said {
	return (params) =>
		Object.entries(shape).every(([key, type]) => typeof params[key] === type)
			? (say as (values: Params) => string)(params)
			: undefined;
}
/** A field by its label and the rule it broke, when the body carries the rule (fieldRuleOf): "Ablaufzeit muss größer als 0 sein". */
function fieldWithRule(params: Params, field: string, fields: FieldLabels): string | undefined {
	const rule = fieldRuleOf(params, field);
	const said = rule && ruleWordsOf(rule);
	return said && m.reasons_issue_field({ field: label(fields, field), rule: said });
}
/** The fields by their labels, each with its rule where the body carries one ("Betrag muss mindestens 0 sein; Nachricht fehlt"). */
function fieldsWithRules(params: Params, sent: string, fields: FieldLabels): string {
	const names = sent.split(', ');
	const said = names.map((field) => fieldWithRule(params, field, fields));
	return names
		.map((field, i) => said[i] ?? label(fields, field))
		.join(said.some(Boolean) ? '; ' : ', ');
}
const NONE = {};
const STATUS = { status: 'number' } as const;

const SAID: Record<RefusalKind, Said> = {
	key_expired: words(NONE, m.companion_refused_key_expired),
	key_unknown: words(NONE, m.companion_refused_key_unknown),
	key_malformed: words(NONE, m.companion_refused_key_malformed),
	companion_unanswered: words(NONE, m.companion_refused_companion_unanswered),
	link_unanswered: words(NONE, m.companion_refused_link_unanswered),
	link_unchecked: words(STATUS, m.companion_refused_link_unchecked),
	unreadable: words(NONE, m.companion_refused_unreadable),
	status: words(STATUS, m.companion_refused_status),
	fixed_types: words({ profile: 'string' }, m.companion_refused_fixed_types),
	no_types: words(NONE, m.companion_refused_no_types),
	not_a_type: words({ type: 'string' }, m.companion_refused_not_a_type),
	never_shared: words({ type: 'string' }, m.companion_refused_never_shared),
	invalid_field: (p, fields) =>
		typeof p.field === 'string'
			? (fieldWithRule(p, p.field, fields) ??
				m.companion_refused_invalid_field({ field: label(fields, p.field) }))
			: undefined,
	invalid_rehearsal: (p, fields) =>
		typeof p.fields === 'string'
			? m.companion_refused_invalid_rehearsal({ fields: fieldsWithRules(p, p.fields, fields) })
			: undefined,
	body_too_large: words(NONE, m.companion_refused_body_too_large),
	no_share_link: words(NONE, m.companion_refused_no_share_link),
	no_share_api: words({ method: 'string', path: 'string' }, m.companion_refused_no_share_api),
	no_widget_key: words(NONE, m.companion_refused_no_widget_key),
	no_widget_key_api: words(NONE, m.companion_refused_no_widget_key_api),
	use_post: words({ path: 'string' }, m.companion_refused_use_post),
	method_not_used: words({ method: 'string' }, m.companion_refused_method_not_used),
	no_sound: words(NONE, m.companion_refused_no_sound),
	media_read_only: words(NONE, m.companion_refused_media_read_only),
	scene_needs_token: words(NONE, m.companion_refused_scene_needs_token),
	scene_share_key: words(NONE, m.companion_refused_scene_share_key),
	token_not_accepted: words(NONE, m.companion_refused_token_not_accepted),
	token_unchecked: words(NONE, m.companion_refused_token_unchecked),
	management_needs_token: words(NONE, m.companion_refused_management_needs_token),
	widget_keys_need_token: words(NONE, m.companion_refused_widget_keys_need_token),
	widget_keys_share_key: words(NONE, m.companion_refused_widget_keys_share_key),
	widget_keys_token_rejected: words(NONE, m.companion_refused_widget_keys_token_rejected),
	widget_keys_unreachable: words(NONE, m.companion_refused_widget_keys_unreachable),
	no_real_token: words(NONE, m.companion_refused_no_real_token),
	not_this_pc: words(NONE, m.companion_refused_not_this_pc),
	simulator_shares: words(NONE, m.companion_refused_simulator_shares),
	token_not_sent: words(NONE, m.companion_refused_token_not_sent),
	other_token: words(NONE, m.companion_refused_other_token),
	app_not_answering: words(NONE, m.companion_refused_app_not_answering),
	app_rejected_token: words(NONE, m.companion_refused_app_rejected_token),
	app_answered: words(STATUS, m.companion_refused_app_answered),
	token_not_saved: words({ error: 'string' }, m.companion_refused_token_not_saved),
	deck_too_big: words({ pages: 'number', max: 'number' }, m.companion_refused_deck_too_big)
};

/**
 * A refusal in the dashboard's language, a refused field named by `fields` (the page's labels); undefined
 * for a kind this page does not know (a newer companion), or values that do not fit it.
 */
export function refusalWords(refusal: RefusalData, fields: FieldLabels = {}): string | undefined {
	return Object.hasOwn(SAID, refusal.kind)
		? SAID[refusal.kind as RefusalKind](refusal.params ?? {}, fields)
		: undefined;
}

/** A refusal in the dashboard's language; the server's own English words when it is not one this page can say. */
export const companionSays = (answer: CompanionRefusal, fields?: FieldLabels): string =>
	(answer.refusal && refusalWords(answer.refusal, fields)) ?? answer.message;
