/** What `npm start` does on any OS: staleness of the build, how Vite is run, and the share file's mode. */
import { existsSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
	BUILD_INPUT_FILES,
	BUILT_PAGES,
	buildIsStale,
	viteBuildCommand
} from '../../src/server/build-if-stale';
import { ShareStore } from '../../src/server/share-store';
import { tempDir } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

/** A project with one source file and a build, every file dated `base` seconds, the build one second later. */
function project(base = 1_700_000_000) {
	const tmp = tempDir('stale-');
	dirs.push(tmp);
	const at = (path: string, seconds: number) => utimesSync(join(tmp.dir, path), seconds, seconds);
	mkdirSync(join(tmp.dir, 'src'));
	mkdirSync(join(tmp.dir, 'build'));
	writeFileSync(join(tmp.dir, 'src', 'app.ts'), '');
	at('src/app.ts', base);
	for (const file of BUILD_INPUT_FILES) {
		mkdirSync(dirname(join(tmp.dir, file)), { recursive: true });
		writeFileSync(join(tmp.dir, file), '');
		at(file, base);
	}
	for (const page of BUILT_PAGES) {
		writeFileSync(join(tmp.dir, 'build', page), '');
		at(`build/${page}`, base + 1);
	}
	return {
		dir: tmp.dir,
		buildDir: join(tmp.dir, 'build'),
		touch: (path: string) => at(path, base + 2)
	};
}

describe('buildIsStale', () => {
	it('is stale without a build, fresh when the build is newer than every input', () => {
		const p = project();
		expect(buildIsStale(p.dir, join(p.dir, 'nowhere'))).toBe(true);
		expect(buildIsStale(p.dir, p.buildDir)).toBe(false);
	});

	it.each(['src/app.ts', ...BUILD_INPUT_FILES])(
		'is stale when %s changed after the build',
		(path) => {
			const p = project();
			p.touch(path);
			expect(buildIsStale(p.dir, p.buildDir)).toBe(true);
		}
	);
});

describe('viteBuildCommand', () => {
	it("runs Vite's JS entry with this Node, no npx and no shell", () => {
		const { command, args } = viteBuildCommand(ROOT);
		expect(command).toBe(process.execPath);
		expect(args).toEqual([
			expect.stringMatching(/[\\/]node_modules[\\/]vite[\\/]bin[\\/]vite\.js$/),
			'build'
		]);
		expect(existsSync(args[0]!)).toBe(true);
	});

	it('fails with a clear error where Vite is not installed', () => {
		const tmp = tempDir('no-vite-');
		dirs.push(tmp);
		expect(() => viteBuildCommand(tmp.dir)).toThrow(/vite/);
	});
});

describe('share-links file mode', () => {
	const withOpenFile = () => {
		const tmp = tempDir('share-mode-');
		dirs.push(tmp);
		const file = join(tmp.dir, 'links.json');
		writeFileSync(file, JSON.stringify({ version: 1, links: [] }), { mode: 0o644 });
		return file;
	};

	it('makes a file others can read owner-only on Unix, and says so', () => {
		const file = withOpenFile();
		const logs: string[] = [];
		ShareStore.open(file, (line) => logs.push(line), 'linux');
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(logs).toEqual([expect.stringMatching(/readable by others; it is now owner-only/)]);
	});

	it('skips the Unix mode check on Windows, where modes mean nothing', () => {
		const file = withOpenFile();
		const logs: string[] = [];
		ShareStore.open(file, (line) => logs.push(line), 'win32');
		expect(statSync(file).mode & 0o777).toBe(0o644);
		expect(logs).toEqual([]);
	});
});
