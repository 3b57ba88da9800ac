/**
 * npm run sim -- --port 39231 --token TOKEN [--profile current|legacy] [--setup FILE] [--demo]
 *                [--ping-ms N] [--disable-feature F ...] [--host H] [--strict]
 * Requests relying on the application's leniency are printed as lint lines; --strict refuses them with 400.
 * The token may come from SIM_TOKEN instead. The token is never printed.
 * `npm run -s sim -- --print-setup > my-setup.json` writes the default setup, to edit and pass to --setup.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_PORT, FEATURES, type Feature } from '../lib/protocol/vocabulary';
import { DEFAULT_SETUP_INPUT } from '../lib/sim/default-setup';
import { parseSetup, type Setup } from '../lib/sim/setup';
import type { Profile } from '../lib/sim/types';
import { startSimServer } from './sim-server';

interface CliOptions {
	port: number;
	host: string;
	token?: string;
	profile: Profile;
	setupFile?: string;
	demo: boolean;
	pingMs?: number;
	disabled: Feature[];
	strict: boolean;
}

const USAGE =
	'usage: npm run sim -- --port 39231 --token TOKEN [--profile current|legacy] [--setup FILE] [--demo] [--ping-ms N] [--disable-feature F ...] [--host H] [--strict] | --print-setup';

function fail(message: string): never {
	console.error(message);
	process.exit(1);
}

/** A whole number in [min, max], or the message. */
function wholeNumber(text: string | undefined, min: number, max: number, message: string) {
	if (text === undefined) return undefined;
	const n = Number(text);
	return Number.isInteger(n) && n >= min && n <= max ? n : fail(message);
}

const OPTIONS = {
	port: { type: 'string' },
	host: { type: 'string' },
	token: { type: 'string' },
	profile: { type: 'string' },
	setup: { type: 'string' },
	demo: { type: 'boolean' },
	strict: { type: 'boolean' },
	'ping-ms': { type: 'string' },
	'disable-feature': { type: 'string', multiple: true },
	'print-setup': { type: 'boolean' },
	help: { type: 'boolean', short: 'h' }
} as const;

function readArgs(argv: string[]) {
	try {
		// Positionals only as more features: `--disable-feature meta premium`.
		return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, tokens: true });
	} catch (err) {
		// parseArgs names the flag, never a value, so the message cannot carry a token.
		return fail(`${(err as Error).message.split('\n')[0]}\n${USAGE}`);
	}
}

function parseOptions(argv: string[]): CliOptions {
	const { values, tokens } = readArgs(argv);
	if (values.help) {
		console.log(USAGE);
		process.exit(0);
	}
	if (values['print-setup']) {
		console.log(JSON.stringify(DEFAULT_SETUP_INPUT, null, '\t'));
		process.exit(0);
	}
	const features = [...(values['disable-feature'] ?? [])];
	tokens.forEach((token, i) => {
		if (token.kind !== 'positional') return;
		const before = tokens[i - 1];
		const more =
			before?.kind === 'positional' ||
			(before?.kind === 'option' && before.name === 'disable-feature' && !before.inlineValue);
		if (!more) fail(`unexpected argument ${token.value}\n${USAGE}`);
		features.push(token.value);
	});
	for (const feature of features)
		if (!(FEATURES as readonly string[]).includes(feature))
			fail(`--disable-feature must be one of ${FEATURES.join(', ')}`);
	const profile = values.profile ?? 'current';
	if (profile !== 'current' && profile !== 'legacy') fail('--profile must be current or legacy');
	return {
		port:
			wholeNumber(values.port, 0, 65535, '--port must be a port number (0-65535)') ?? DEFAULT_PORT,
		host: values.host ?? '127.0.0.1',
		token: values.token ?? process.env.SIM_TOKEN,
		profile,
		setupFile: values.setup,
		demo: values.demo ?? false,
		pingMs: wholeNumber(
			values['ping-ms'],
			10,
			Number.MAX_SAFE_INTEGER,
			'--ping-ms must be a whole number of milliseconds, at least 10'
		),
		disabled: features as Feature[],
		strict: values.strict ?? false
	};
}

function loadSetup(file: string): Setup {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (err) {
		fail(
			`cannot read setup file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`
		);
	}
	const parsed = parseSetup(text);
	if (!parsed.ok) fail(`${file}: ${parsed.error}`.replace(/\s*\n\s*/g, ' '));
	return parsed.setup;
}

async function main(): Promise<void> {
	const opts = parseOptions(process.argv.slice(2));
	if (!opts.token) fail(`a token is required: pass --token or set SIM_TOKEN\n${USAGE}`);
	const setup = opts.setupFile ? loadSetup(opts.setupFile) : undefined;
	const server = await startSimServer({
		port: opts.port,
		host: opts.host,
		token: opts.token,
		profile: opts.profile,
		disabledFeatures: opts.disabled,
		setup,
		pingIntervalMs: opts.pingMs,
		demo: opts.demo,
		strict: opts.strict,
		// Each request that relied on leniency, one line (the request log at /__sim/requests has them too).
		onLog: (entry) => {
			if (entry.lint?.length)
				console.log(
					`lint: ${entry.transport} ${entry.type ?? ''} (status ${entry.status}): ${entry.lint.join('; ')}`
				);
		}
	}).catch((err: NodeJS.ErrnoException) =>
		fail(
			`simulator could not start: ${err.code === 'EADDRINUSE' ? `port ${opts.port} is in use` : err.message}`
		)
	);
	console.log(
		`simulator listening on ${server.url} (profile ${opts.profile}${opts.strict ? ', strict' : ''})`
	);
	if (opts.demo) console.log('demo traffic on');
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`simulator stopping (${signal})`);
		void server.close().then(() => process.exit(0));
		setTimeout(() => process.exit(0), 2000).unref();
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
