/**
 * The streamer's own alert sounds as the companion lists them (`/__companion/media`, from
 * `npm start -- --media DIR`). Empty where there is no companion, no folder or it cannot say.
 */
import * as v from 'valibot';

const Schema = v.object({ files: v.array(v.string()) });

export async function fetchMediaSounds(signal?: AbortSignal): Promise<string[]> {
	try {
		const res = await fetch('/__companion/media', { signal });
		const parsed = v.safeParse(Schema, await res.json());
		return parsed.success ? parsed.output.files : [];
	} catch {
		return [];
	}
}
