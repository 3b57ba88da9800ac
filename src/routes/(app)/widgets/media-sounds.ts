/**
 * The streamer's own alert sounds as the companion lists them (`/__companion/media`, from
 * `npm start -- --media DIR`). Empty where there is no companion, no folder or it cannot say.
 */
import * as v from 'valibot';
import { readCompanion } from '$lib/app/companion-read';

const Schema = v.object({ files: v.array(v.string()) });

export async function fetchMediaSounds(signal?: AbortSignal): Promise<string[]> {
	return (await readCompanion('/__companion/media', Schema, { files: [] }, signal)).files;
}
