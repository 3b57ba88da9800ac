import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsStale } from '../../src/server/build-if-stale';
import { tempDir } from './helpers';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

/** A project whose one source file was changed at `sourceAt`, and a build holding `pages` written at the given times. */
function project(sourceAt: number, pages: Record<string, number>): { root: string; build: string } {
	const tmp = tempDir('stale-');
	dirs.push(tmp);
	const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
	mkdirSync(join(tmp.dir, 'src'));
	writeFileSync(join(tmp.dir, 'src', 'a.ts'), 'export {}');
	at(join(tmp.dir, 'src', 'a.ts'), sourceAt);
	const build = join(tmp.dir, 'build');
	mkdirSync(build);
	for (const [page, seconds] of Object.entries(pages)) {
		writeFileSync(join(build, page), '<!doctype html>');
		at(join(build, page), seconds);
	}
	return { root: tmp.dir, build };
}

describe('build-if-stale', () => {
	it('is fresh only when every built file exists and is newer than every source', () => {
		const rest = {
			'standalone.html': 2_000,
			'widget-demo.js': 2_000,
			'widget-languages.js': 2_000,
			'widget.html.companion.gz': 2_000
		};
		const fresh = project(1_000, { 'index.html': 2_000, 'widget.html': 2_000, ...rest });
		expect(buildIsStale(fresh.root, fresh.build)).toBe(false);
		const noWidgetPage = project(1_000, { 'index.html': 2_000, ...rest });
		expect(buildIsStale(noWidgetPage.root, noWidgetPage.build)).toBe(true);
		const oldWidgetPage = project(1_500, { 'index.html': 2_000, 'widget.html': 1_000, ...rest });
		expect(buildIsStale(oldWidgetPage.root, oldWidgetPage.build)).toBe(true);
		const oldApp = project(1_500, { 'index.html': 1_000, 'widget.html': 2_000, ...rest });
		expect(buildIsStale(oldApp.root, oldApp.build)).toBe(true);
		const noDemoScript = project(1_000, {
			'index.html': 2_000,
			'widget.html': 2_000,
			'standalone.html': 2_000,
			'widget-languages.js': 2_000,
			'widget.html.companion.gz': 2_000
		});
		expect(buildIsStale(noDemoScript.root, noDemoScript.build)).toBe(true);
		const noStandalone = project(1_000, {
			'index.html': 2_000,
			'widget.html': 2_000,
			'widget-demo.js': 2_000,
			'widget-languages.js': 2_000,
			'widget.html.companion.gz': 2_000
		});
		expect(buildIsStale(noStandalone.root, noStandalone.build)).toBe(true);
		// The gzip step (build-tools/compress.ts) writes widget.html's copy last: without it, it did not finish.
		const { 'widget.html.companion.gz': _copy, ...uncompressed } = rest;
		const noGzipStep = project(1_000, {
			'index.html': 2_000,
			'widget.html': 2_000,
			...uncompressed
		});
		expect(buildIsStale(noGzipStep.root, noGzipStep.build)).toBe(true);
	});
});
