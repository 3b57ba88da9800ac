/**
 * npm run sim -- --port 39231 --token TOKEN [--profile current|legacy] [--setup FILE] [--demo]
 *                [--ping-ms N] [--disable-feature F ...] [--host H] [--strict]
 * Requests relying on the application's leniency are printed as lint lines; --strict refuses them with 400.
 * The token may come from SIM_TOKEN instead. The token is never printed.
 * `npm run -s sim -- --print-setup > my-setup.json` writes the default setup, to edit and pass to --setup.
 */
import { readFileSync } from 'node:fs';
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

function parseArgs(argv: string[]): CliOptions {
	const out: CliOptions = {
		port: DEFAULT_PORT,
		host: '127.0.0.1',
		token: process.env.SIM_TOKEN,
		profile: 'current',
		demo: false,
		disabled: [],
		strict: false
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		const [flag, inline] = arg.includes('=')
			? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
			: [arg, undefined];
		const next = () => inline ?? argv[++i] ?? fail(`${flag} needs a value\n${USAGE}`);
		switch (flag) {
			case '--port': {
				const port = Number(next());
				if (!Number.isInteger(port) || port < 0 || port > 65535)
					fail(`--port must be a port number (0-65535)`);
				out.port = port;
				break;
			}
			case '--host':
				out.host = next();
				break;
			case '--token':
				out.token = next();
				break;
			case '--profile': {
				const profile = next();
				if (profile !== 'current' && profile !== 'legacy')
					fail('--profile must be current or legacy');
				out.profile = profile;
				break;
			}
			case '--setup':
				out.setupFile = next();
				break;
			case '--demo':
				out.demo = true;
				break;
			case '--strict':
				out.strict = true;
				break;
			case '--ping-ms': {
				const ms = Number(next());
				if (!Number.isInteger(ms) || ms < 10)
					fail('--ping-ms must be a whole number of milliseconds, at least 10');
				out.pingMs = ms;
				break;
			}
			case '--disable-feature': {
				// One or more features: `--disable-feature meta premium` or the flag repeated.
				const features = [next()];
				while (inline === undefined && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--'))
					features.push(argv[++i]!);
				for (const feature of features) {
					if (!(FEATURES as readonly string[]).includes(feature))
						fail(`--disable-feature must be one of ${FEATURES.join(', ')}`);
					out.disabled.push(feature as Feature);
				}
				break;
			}
			case '--print-setup':
				console.log(JSON.stringify(DEFAULT_SETUP_INPUT, null, '\t'));
				process.exit(0);
				break;
			case '--help':
			case '-h':
				console.log(USAGE);
				process.exit(0);
				break;
			default:
				fail(`unknown option ${flag}\n${USAGE}`);
		}
	}
	return out;
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
	const opts = parseArgs(process.argv.slice(2));
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
