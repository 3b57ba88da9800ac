/**
 * One read of what the companion server tells the dashboard (`/__companion/…`): its answer, validated,
 * or `fallback` where there is no companion, it answers something else or the request fails.
 */
import * as v from 'valibot';

export async function readCompanion<T>(
	path: string,
	schema: v.GenericSchema<unknown, T>,
	fallback: T,
	signal?: AbortSignal
): Promise<T> {
	try {
		const res = await fetch(path, { signal });
		const parsed = v.safeParse(schema, await res.json());
		return parsed.success ? parsed.output : fallback;
	} catch {
		return fallback;
	}
}
