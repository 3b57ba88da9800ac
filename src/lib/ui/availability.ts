/**
 * Why a control cannot send a type, in the words it shows next to itself; undefined when it can.
 * One rule for every page: a share link's limits, then what this installation offers
 * (capabilities), then the connection. Reads reactive state, so call it inside `$derived`.
 *
 * Takes the dashboard's `connection` (or the dashboard itself): the share scope of the dashboard that owns
 * a connection is found through `shareScopeOf`, so every caller gets the share link's limits.
 */
import type { Dashboard } from '$lib/app/dashboard.svelte';
import { shareScopeOf } from '$lib/app/share-scope.svelte';
import type { Connection } from '$lib/client/state/connection.svelte';
import type { SendType } from '$lib/protocol';
import { STATUS_TEXT } from '$lib/client/status-text';

type Source = Connection | Pick<Dashboard, 'connection'>;
const connectionOf = (source: Source): Connection => ('connection' in source ? source.connection : source);

/** Refused whatever the connection does: not allowed by the share link, or not offered here. */
export function blockedReason(source: Source, type: SendType): string | undefined {
	const connection = connectionOf(source);
	const shared = shareScopeOf(connection)?.reasonFor(type);
	if (shared) return shared;
	const capability = connection.capabilities?.get(type);
	return capability && !capability.offered ? capability.reason : undefined;
}

export function unavailableReason(source: Source, type: SendType): string | undefined {
	const blocked = blockedReason(source, type);
	if (blocked) return blocked;
	const connection = connectionOf(source);
	return connection.status === 'open' ? undefined : STATUS_TEXT[connection.status];
}

/** Why a whole section cannot work: set only when every one of its types is blocked. */
export function sectionReason(source: Source, types: readonly SendType[]): string | undefined {
	const reasons = types.map((t) => blockedReason(source, t));
	return reasons.every(Boolean) ? reasons[0] : undefined;
}
