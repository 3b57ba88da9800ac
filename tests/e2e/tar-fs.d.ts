/** The one call of tar-fs the engine unpacking uses (the package ships no types). */
declare module 'tar-fs' {
	import type { Writable } from 'node:stream';
	export function extract(directory: string): Writable;
}
