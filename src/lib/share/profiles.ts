/**
 * Share-link profiles as data, derived from the send catalog. Pure (no Node imports) so the
 * companion server enforces and the dashboard displays the very same rules.
 */
import {
	SEND_TYPE_INFO,
	SEND_TYPES,
	isSendType,
	type SendGroup,
	type SendType
} from '../protocol/send-types';
import * as v from 'valibot';
import { ControlPressSchema } from '../protocol/alert-control';
import { describeIssues, toFieldIssues } from '../protocol/issues';
import { refusalText, type Refusal } from './refusals';

export const SHARE_PROFILES = [
	'read-only',
	'music',
	'moderation',
	'alerts',
	'custom',
	'widget'
] as const;
export type ShareProfile = (typeof SHARE_PROFILES)[number];
/** Profiles a co-streamer's link may have; `widget` keys are made by the widget builder only. */
export const LINK_PROFILES = SHARE_PROFILES.filter(
	(p): p is Exclude<ShareProfile, 'widget'> => p !== 'widget'
);
/** The one read a widget makes besides `retrieve` and its subscriptions (read-only-view.ts). */
export const WIDGET_READS: readonly SendType[] = ['get-variable-value'];

export { SHARE_KEY_PREFIX } from './key';

/** REST reads every profile may make (besides read-only send types and websocket events). */
export const SHARED_READ_ENDPOINTS = ['/api/retrieve', '/api/meta', '/api/premium'] as const;

/**
 * Groups whose writing types can never be granted: an action list can do anything, so
 * `run-actions` would turn any profile into full control.
 */
export const NEVER_GRANTED_GROUPS: readonly SendGroup[] = ['actions'];

export interface ProfileDefinition {
	label: string;
	description: string;
	/** Catalog groups granted on top of the read-only types. */
	groups: readonly SendGroup[];
	/** Single send types granted on top of the groups (a group can hold more than the profile should). */
	types?: readonly SendType[];
	/** The streamer picks extra send types when creating the link. */
	choosesTypes: boolean;
	/** Only these read-only types, when a profile reads less than every read-only type. */
	reads?: readonly SendType[];
	/** Narrower rules for some granted types: the only params the link may send with them. */
	limits?: Partial<Record<SendType, ParamsLimit>>;
}

/** The params a granted type is held to (checked after the catalog's own rules), and that rule in words. */
export interface ParamsLimit {
	schema: v.GenericSchema;
	rule: string;
}

export const PROFILE_DEFINITIONS: Record<ShareProfile, ProfileDefinition> = {
	'read-only': {
		label: 'Read-only',
		description:
			'Widgets and status only: reads the setup, variables and live events; changes nothing.',
		groups: [],
		choosesTypes: false
	},
	music: {
		label: 'Music',
		description: 'Read-only plus song requests (add, skip, play, pause, remove, clear).',
		groups: ['songs'],
		choosesTypes: false
	},
	moderation: {
		label: 'Moderation',
		description:
			'Read-only plus chat moderation (timeouts, bans, deletions, shoutouts, translations), chat modes and chat lines; not moderator or VIP roles.',
		groups: ['moderation', 'chat-modes'],
		// A moderator talks in chat too; the rest of the chat group (such as announcements) stays the streamer's.
		types: ['chatbot-message'],
		choosesTypes: false
	},
	alerts: {
		label: 'Alerts',
		description:
			"Read-only plus the alert box's pause, resume, skip and replay: it writes only alert box control variables (alertbox_ then the box's name), and only those four presses.",
		groups: [],
		types: ['update-variable-value'],
		limits: {
			'update-variable-value': {
				schema: ControlPressSchema,
				rule: 'press pause, resume, skip or replay on an alert box: {"name":"alertbox_<box>","value":{"action":…,"at":<ms>}}'
			}
		},
		choosesTypes: false
	},
	custom: {
		label: 'Custom',
		description: 'Read-only plus the send types you choose.',
		groups: [],
		choosesTypes: true
	},
	widget: {
		label: 'Widget',
		description:
			'A widget in broadcasting software: reads variables and the setup, follows live events; sends nothing.',
		groups: [],
		reads: WIDGET_READS,
		choosesTypes: false
	}
};

/**
 * Why a link with this profile may not send these (catalog-checked) params: each field off the
 * profile's rule, named, and the rule; undefined when they pass or the type has no narrower rule.
 */
export function limitRefusal(
	profile: ShareProfile,
	type: SendType,
	params: Record<string, unknown>
): string | undefined {
	const limit = PROFILE_DEFINITIONS[profile].limits?.[type];
	if (!limit) return undefined;
	const parsed = v.safeParse(limit.schema, params);
	if (parsed.success) return undefined;
	const { label } = PROFILE_DEFINITIONS[profile];
	return `${describeIssues(toFieldIssues(parsed.issues, 'params'))} (this ${label} share link may only ${limit.rule})`;
}

/** Whether a send type may appear in any share link at all. */
export function isGrantable(type: SendType): boolean {
	const rule = SEND_TYPE_INFO[type];
	return rule.readOnly || !NEVER_GRANTED_GROUPS.includes(rule.group);
}

/** Send types a custom link may list (every grantable type that is not already read-only). */
export const CUSTOM_CHOICES: readonly SendType[] = SEND_TYPES.filter(
	(t) => isGrantable(t) && !SEND_TYPE_INFO[t].readOnly
);

/** Every send type a link with this profile (and chosen types, for custom) may run. */
export function allowedSendTypes(
	profile: ShareProfile,
	chosen: readonly string[] = []
): SendType[] {
	const { groups, choosesTypes, types = [], reads } = PROFILE_DEFINITIONS[profile];
	const extra = new Set<string>([...types, ...(choosesTypes ? chosen : [])]);
	const mayRead = (t: SendType) => SEND_TYPE_INFO[t].readOnly && (!reads || reads.includes(t));
	return SEND_TYPES.filter(
		(t) =>
			isGrantable(t) && (mayRead(t) || groups.includes(SEND_TYPE_INFO[t].group) || extra.has(t))
	);
}

export function isShareProfile(x: unknown): x is ShareProfile {
	return typeof x === 'string' && (SHARE_PROFILES as readonly string[]).includes(x);
}

type ChosenRefusal = Extract<
	Refusal,
	{ kind: 'fixed_types' | 'no_types' | 'not_a_type' | 'never_shared' }
>;
export type ChosenTypesVerdict =
	{ ok: true; types: SendType[] } | { ok: false; message: string; refusal: ChosenRefusal };

const refused = (refusal: ChosenRefusal): ChosenTypesVerdict => ({
	ok: false,
	message: refusalText(refusal),
	refusal
});

/** Checks the chosen types of a link: custom needs at least one grantable type, the others take none. */
export function checkChosenTypes(profile: ShareProfile, types: unknown): ChosenTypesVerdict {
	if (!PROFILE_DEFINITIONS[profile].choosesTypes) {
		if (types === undefined || (Array.isArray(types) && types.length === 0))
			return { ok: true, types: [] };
		return refused({ kind: 'fixed_types', params: { profile } });
	}
	if (!Array.isArray(types) || types.length === 0) return refused({ kind: 'no_types' });
	const out = new Set<SendType>();
	for (const t of types) {
		if (!isSendType(t))
			return refused({ kind: 'not_a_type', params: { type: String(t).slice(0, 60) } });
		if (!isGrantable(t)) return refused({ kind: 'never_shared', params: { type: t } });
		out.add(t);
	}
	return { ok: true, types: [...out] };
}

/** What a share key may do, as the server reports it to the page opened through the link. */
export interface ShareGrant {
	id: string;
	label: string;
	profile: ShareProfile;
	/** Chosen types (custom only). */
	types: SendType[];
	/** Every send type the key may run, read-only ones included. */
	allowed: SendType[];
	expiresAt: number | null;
}
