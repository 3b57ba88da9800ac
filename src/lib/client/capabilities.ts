/**
 * What this installation offers, per send type, derived from meta and retrieve, with the reason a page
 * shows when it hides or disables a control. Until meta is read nothing is refused: guessing "no"
 * would hide controls on the current version for a moment at every start.
 */
import {
	kindNeedsUpdate,
	NEEDS_UPDATE,
	NOT_IN_SETUP,
	notOfferedError,
	ONLY_READS,
	type ClientError
} from './errors';
import {
	COMMAND_KINDS,
	COMMAND_KINDS_FEATURE,
	FEATURES,
	LEGACY_COMMAND_KINDS,
	SETUP_TYPES,
	type CommandKind,
	type Feature,
	type Platform
} from '../protocol/vocabulary';
import { SEND_TYPE_INFO, SEND_TYPES, type SendType } from '../protocol/send-types';
import { optionValues, type Meta, type SettingsData } from '../protocol/payloads';

interface Capability {
	type: SendType;
	offered: boolean;
	/** Why it is not offered, in words for the page. */
	reason?: string;
	/** Platforms the type works on; undefined when it is not platform-bound. */
	platforms?: readonly Platform[];
	/** "alpha only", "alpha and beta": shown next to platform-bound controls. */
	platformNote?: string;
	/** Names the setup lists for trigger types (commands, scenes, alerts…). */
	names?: readonly string[];
	/** set-command-state only: the `kind` values this installation handles. */
	commandKinds?: readonly CommandKind[];
}

export interface Capabilities {
	/** Meta has been read; before that every type counts as offered. */
	readonly known: boolean;
	readonly apiVersion: number;
	readonly features: readonly Feature[];
	has(feature: Feature): boolean;
	get(type: SendType): Capability;
	offered(type: SendType): boolean;
	all(): readonly Capability[];
}

export function platformsFor(type: SendType): readonly Platform[] | undefined {
	return SEND_TYPE_INFO[type].platforms;
}

export function platformNote(platforms: readonly Platform[] | undefined): string | undefined {
	if (!platforms || platforms.length === 0) return undefined;
	if (platforms.length === 1) return `${platforms[0]} only`;
	return `${platforms.slice(0, -1).join(', ')} and ${platforms.at(-1)}`;
}

/** The `data.options` key that lists the names a trigger type accepts. */
function optionKeyOf(type: SendType): string | undefined {
	const rule = SEND_TYPE_INFO[type];
	return rule.group === 'trigger' ? (rule.names?.optionKey ?? type) : undefined;
}

const SETUP_LISTED: ReadonlySet<string> = new Set(SETUP_TYPES);

/**
 * Whether the setup's `data.types` leaves this type out. Only the exact names of the list the spec gives
 * for `data.types` are gated; an empty list (a payload without `types` reads as one) says nothing.
 */
function missingFromSetup(type: SendType, settings: SettingsData | undefined): boolean {
	return (
		settings !== undefined &&
		settings.types.length > 0 &&
		SETUP_LISTED.has(type) &&
		!settings.types.includes(type)
	);
}

function capabilityOf(
	type: SendType,
	features: ReadonlySet<string> | undefined,
	settings: SettingsData | undefined
): Capability {
	const rule = SEND_TYPE_INFO[type];
	const capability: Capability = {
		type,
		offered: true,
		platforms: rule.platforms,
		platformNote: platformNote(rule.platforms)
	};
	if (type === 'set-command-state')
		capability.commandKinds =
			!features || features.has(COMMAND_KINDS_FEATURE) ? COMMAND_KINDS : LEGACY_COMMAND_KINDS;
	if (features && rule.feature && !features.has(rule.feature))
		return { ...capability, offered: false, reason: NEEDS_UPDATE };
	if (missingFromSetup(type, settings))
		return { ...capability, offered: false, reason: NOT_IN_SETUP };
	const optionKey = optionKeyOf(type);
	if (optionKey && settings) {
		const names = optionValues(settings.options, optionKey);
		if (names.length === 0) return { ...capability, offered: false, reason: NOT_IN_SETUP, names };
		capability.names = names;
	}
	return capability;
}

export function deriveCapabilities(
	meta: Meta | undefined,
	settings: SettingsData | undefined
): Capabilities {
	const features = meta ? new Set(meta.features) : undefined;
	const byType = new Map(SEND_TYPES.map((type) => [type, capabilityOf(type, features, settings)]));
	const list = [...byType.values()];
	return {
		known: meta !== undefined,
		apiVersion: meta?.apiVersion ?? 1,
		features: FEATURES.filter((f) => features?.has(f)),
		has: (feature) => features?.has(feature) ?? false,
		get: (type) => byType.get(type)!,
		offered: (type) => byType.get(type)?.offered ?? false,
		all: () => list
	};
}

/**
 * Why this installation (or a read-only client) cannot run this send, checked before anything is
 * sent; undefined when it may go. Unknown capabilities never refuse.
 */
export function refusalFor(
	type: SendType,
	params: Record<string, unknown>,
	capabilities: Capabilities,
	readOnly = false
): ClientError | undefined {
	if (readOnly && !SEND_TYPE_INFO[type].readOnly)
		return notOfferedError(SEND_TYPE_INFO[type].label, 'read-only', ONLY_READS, undefined, type);
	const capability = capabilities.get(type);
	if (capabilities.known && !capability.offered)
		return notOfferedError(
			SEND_TYPE_INFO[type].label,
			capability.reason === NOT_IN_SETUP ? 'not-in-setup' : 'needs-update',
			capability.reason ?? NEEDS_UPDATE,
			undefined,
			type
		);
	const kind = params.kind;
	if (
		capability.commandKinds &&
		typeof kind === 'string' &&
		!capability.commandKinds.includes(kind as CommandKind)
	)
		return notOfferedError(
			SEND_TYPE_INFO[type].label,
			'kind-needs-update',
			kindNeedsUpdate(kind),
			kind,
			type
		);
	return undefined;
}
