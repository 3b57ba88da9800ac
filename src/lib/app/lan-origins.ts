/**
 * This PC's LAN addresses as the companion server reports them (`/__companion/lan`), for links and QR
 * codes another device opens. Empty where there is no companion or it cannot say.
 */
import * as v from 'valibot';
import { readCompanion } from './companion-read';

const Schema = v.object({ origins: v.array(v.pipe(v.string(), v.url())) });

export async function fetchLanOrigins(signal?: AbortSignal): Promise<string[]> {
	return (await readCompanion('/__companion/lan', Schema, { origins: [] }, signal)).origins;
}

/** Whether this page's own address works only on this PC. */
export const isLoopbackHost = (hostname: string): boolean =>
	/^(127\.|localhost$|\[::1\]$)/.test(hostname);
