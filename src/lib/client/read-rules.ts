/**
 * A read-only client's rules (ReadClient): what it knows of the send types is the table of the types
 * that only read (read-types.ts). Every other type is refused as the whole table's rules refuse it
 * for a read-only client; a read whose feature the installation lacks, as it refuses it too.
 */
import { READ_TYPE_INFO, READ_TYPES, isReadType, type ReadInfo } from '../protocol/read-types';
import { FEATURES } from '../protocol/vocabulary';
import type { Meta } from '../protocol/payloads';
import type { Capabilities } from './capabilities';
import type { SendRules } from './client-types';
import { NEEDS_UPDATE, notOfferedError, ONLY_READS } from './errors';

/** The features this installation lists, and the reads it offers; until meta is read, every read. */
function readCapabilities(meta: Meta | undefined): Capabilities {
	const features = meta ? new Set<string>(meta.features) : undefined;
	const offered = (type: string) => {
		if (!isReadType(type)) return false;
		const { feature }: ReadInfo = READ_TYPE_INFO[type];
		return !features || !feature || features.has(feature);
	};
	const get: Capabilities['get'] = (type) =>
		offered(type)
			? { type, offered: true }
			: { type, offered: false, reason: isReadType(type) ? NEEDS_UPDATE : ONLY_READS };
	return {
		known: meta !== undefined,
		apiVersion: meta?.apiVersion ?? 1,
		features: FEATURES.filter((f) => features?.has(f)),
		has: (feature) => features?.has(feature) ?? false,
		get,
		offered,
		all: () => READ_TYPES.map(get)
	};
}

export const READ_RULES: SendRules = {
	capabilities: readCapabilities,
	refusal: (type, _params, capabilities) => {
		const label = isReadType(type) ? READ_TYPE_INFO[type].label : type;
		if (!isReadType(type)) return notOfferedError(label, 'read-only', ONLY_READS);
		if (capabilities.known && !capabilities.offered(type))
			return notOfferedError(label, 'needs-update', NEEDS_UPDATE);
		return undefined;
	},
	// Its commands are reads checked by checkRead; retrieve and subscribe are the socket's own fixed shapes.
	frame: (message) => !('type' in message) || isReadType(message.type)
};
