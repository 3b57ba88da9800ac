/**
 * The companion server in a process of its own for the load phase (bench/companion-load.ts), as
 * `npm start` runs it: started with `fork`, it tells its port, then answers memory readings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCompanion } from '../src/server/companion';

const api = process.argv[2];
const buildDir = process.argv[3];
if (!api || !buildDir || !process.send)
	throw new Error('usage: fork(companion-child.ts, [api, buildDir])');

const dir = mkdtempSync(join(tmpdir(), 'bench-companion-'));
const companion = await startCompanion({
	port: 0,
	host: '127.0.0.1',
	api,
	buildDir,
	sharesFile: join(dir, 'shares.json'),
	fallbackToSimulator: false,
	log: () => undefined
});
process.send({ port: companion.port });
process.on('message', (message: { rss?: boolean; close?: boolean }) => {
	if (message.rss) process.send!({ rss: process.memoryUsage().rss });
	if (message.close)
		void companion.close().finally(() => {
			rmSync(dir, { recursive: true, force: true });
			process.exit(0);
		});
});
