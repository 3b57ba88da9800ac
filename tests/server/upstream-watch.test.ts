/**
 * The companion says in its terminal when the application behind it goes away and when it comes
 * back: one line each, never the token, and nothing in the application's request log.
 */
import { describe, expect, it } from 'vitest';
import { startCompanion } from '../../src/server/companion';
import { startSimServer } from '../../src/server/sim-server';
import { fakeBuild, tempDir } from './helpers';

const TOKEN = 'watch-secret-token-0b7d';

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 25));
	}
}

describe('companion: the application going away and coming back', () => {
	it(
		'prints one line when it goes away and one when it is back, without the token',
		{ timeout: 30_000 },
		async () => {
			const tmp = tempDir('companion-watch-');
			let sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN });
			const port = sim.port;
			const logs: string[] = [];
			const companion = await startCompanion({
				port: 0,
				host: '127.0.0.1',
				api: `http://127.0.0.1:${port}`,
				realToken: TOKEN,
				buildDir: fakeBuild(tmp.dir),
				sharesFile: `${tmp.dir}/shares.json`,
				watchIntervalMs: 100,
				log: (line) => logs.push(line)
			});
			try {
				const before = logs.length;
				await sim.close();
				await until(() => logs.some((l) => /went away/.test(l)), 'the "went away" line');
				sim = await startSimServer({ port, host: '127.0.0.1', token: TOKEN });
				await until(() => logs.some((l) => / is back\.$/.test(l)), 'the "is back" line');
				const lines = logs.slice(before);
				expect(lines).toEqual([
					`The application at http://127.0.0.1:${port} went away (nothing answers): pages and widgets keep retrying until it returns.`,
					`The application at http://127.0.0.1:${port} is back.`
				]);
				// Checked by TCP only: nothing reached the application's request log.
				expect(sim.sim.requestLog).toEqual([]);
				expect(logs.join('\n')).not.toContain(TOKEN);
			} finally {
				await companion.close();
				await sim.close();
				tmp.remove();
			}
		}
	);
});
