/**
 * The send types that only read, as plain data: the part of the send-type table (send-types.ts, which
 * takes these entries from here) that a page that only reads (the widgets) needs, without the rest.
 */
import type { Feature, Platform } from './vocabulary';

/** A read's entry, in the shape of the table's entries (send-types.ts). */
export interface ReadInfo {
	group: 'variables' | 'loyalty' | 'actions';
	label: string;
	readOnly: true;
	feature?: Feature;
	platforms?: readonly Platform[];
}

export const READ_TYPE_INFO = {
	'get-variable-value': { group: 'variables', label: 'Read variable', readOnly: true },
	'get-loyalty-points': { group: 'loyalty', label: 'Loyalty points', readOnly: true },
	'get-action-catalog': {
		group: 'actions',
		label: 'Action catalog',
		feature: 'name-validation',
		readOnly: true
	}
} as const satisfies Record<string, ReadInfo>;

export type ReadOnlyType = keyof typeof READ_TYPE_INFO;

export const READ_TYPES = Object.keys(READ_TYPE_INFO) as ReadOnlyType[];

export function isReadType(type: unknown): type is ReadOnlyType {
	return typeof type === 'string' && Object.hasOwn(READ_TYPE_INFO, type);
}
