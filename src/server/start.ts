/**
 * `npm start`: build the app if needed, start the companion server, and print where to open it.
 * The streamer's token (--token or STREAM_TOKEN) is never printed.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { renderUnicodeCompact } from 'uqr';
import { buildIsStale, runBuild } from './build-if-stale';
import { ensureMessages } from './start-language';
import { lanOrigins } from './lan';
import { DEFAULT_API, DEFAULT_COMPANION_PORT, PROJECT_DIR } from './companion-defaults';
import type { Companion } from './companion';
import type { StartError } from './start-errors';

const HELP = `Usage: npm start -- [options]

  --port N        port to serve on (default ${DEFAULT_COMPANION_PORT})
  --host ADDR     interface to listen on (default 0.0.0.0: this PC and the LAN)
  --api URL       the desktop application (default ${DEFAULT_API})
  --demo          serve the built-in simulator with demo data
  --token T       the application's token (Settings → API), for share links; or set STREAM_TOKEN
  --shares FILE   where share links are kept (default .share-links.json)
  --build-dir DIR serve a prebuilt app from DIR instead of building ./build
  --cert FILE     serve https and wss with this certificate (PEM); needs --key
  --key FILE      the certificate's private key (PEM, no passphrase); needs --cert
  --subathon RULES  alerts add time to the timer widget, e.g. "subscriber=60,bits=1/100"
                  (seconds per alert, or per amount); needs the token (as for share links)
  --subathon-timer NAME  the timer's variable (default timer_main),
  --media DIR     your own alert sounds: the audio files of DIR, served at /media/ for the alert box
  --lang L        the language of these lines: en, es, pt-BR, de or fr (default: the system's)
  --help          show this help

Share links for co-streamers need the application's token. Without any variable: start as usual,
open the dashboard on this PC (http://127.0.0.1:${DEFAULT_COMPANION_PORT}/#/share) and choose "Turn share links on";
it can also save the token for the next start. Or give the token at start, in your shell:

  bash, zsh    STREAM_TOKEN='your-token' npm start
               npm start -- --token 'your-token'
  PowerShell   $env:STREAM_TOKEN='your-token'; npm start
               npm start '--' --token 'your-token'     (the quotes keep -- for npm)
  cmd          set "STREAM_TOKEN=your-token" && npm start
               npm start -- --token "your-token"

The variable is safer: other users of this PC can see --token in the process list.`;

function exit(line: string): never {
	console.error(line);
	process.exit(1);
}

type Options = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'];

const OPTIONS = {
	port: { type: 'string' },
	host: { type: 'string' },
	api: { type: 'string' },
	demo: { type: 'boolean' },
	token: { type: 'string' },
	shares: { type: 'string' },
	'build-dir': { type: 'string' },
	cert: { type: 'string' },
	key: { type: 'string' },
	subathon: { type: 'string' },
	'subathon-timer': { type: 'string' },
	media: { type: 'string' },
	lang: { type: 'string' },
	help: { type: 'boolean' }
} as const;

/** The options, or why they cannot be read: said once the messages are compiled. */
function parseOptions(
	argv: string[]
): { ok: true; values: Options } | { ok: false; error: StartError } {
	try {
		const { values } = parseArgs({
			args: argv,
			options: OPTIONS,
			strict: true,
			allowPositionals: false
		});
		return { ok: true, values };
	} catch (err) {
		const { code, message } = err as NodeJS.ErrnoException;
		// The option parseArgs names, never a value: a stray argument may be a token (`npm start --token T`
		// gives npm the flag and leaves T), so one is never repeated.
		const option = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
		if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option)
			return { ok: false, error: { kind: 'unknown_option', option } };
		if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option)
			return {
				ok: false,
				error: {
					kind: message.includes('argument missing')
						? 'option_needs_value'
						: 'option_takes_no_value',
					option
				}
			};
		return { ok: false, error: { kind: 'positional' } };
	}
}

/** `--lang` as written, for the language of an error about the other options. */
function langOf(argv: string[]): string | undefined {
	const at = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
	return at < 0 ? undefined : (argv[at]!.split('=')[1] ?? argv[at + 1]);
}

/** The start log's messages, in the language chosen at start (start-lines.ts). */
type Lines = typeof import('./start-lines');

function printReady(say: Lines, companion: Companion, host: string): void {
	const { m } = say;
	const fragment = companion.embeddedSim ? `?token=${companion.embeddedSim.token}` : '';
	const page = (origin: string, route: string) => `${origin}/#/${route}${fragment}`;
	const everyInterface = host === '0.0.0.0' || host === '::';
	const lan = lanOrigins(
		host,
		companion.port,
		undefined,
		companion.url.startsWith('https:') ? 'https' : 'http'
	);

	const api = `${companion.apiTarget}${companion.embeddedSim ? ` ${m.companion_api_simulator()}` : ''}`;
	// One padding for every row: the labels' lengths differ in each language.
	const [here, ...rest] = say.columns([
		[m.companion_label_dashboard_pc(), page(companion.url, '')],
		...lan.map((origin) => [m.companion_label_dashboard_lan(), page(origin, '')] as const),
		[m.companion_label_builder(), page(companion.url, 'widgets')],
		[m.companion_label_api(), api]
	]);
	const apiRow = rest.pop()!;

	console.log('');
	if (companion.embeddedSim)
		// The built-in simulator's own random token, made at this start; the application's is never printed.
		console.log(m.companion_demo_token({ token: companion.embeddedSim.token }));
	for (const row of [here, ...rest]) console.log(row);
	if (lan[0]) {
		console.log(`\n${m.companion_scan()}`);
		console.log(renderUnicodeCompact(page(lan[0], '')));
		// The streamer's token never goes to the terminal: the dashboard's own QR carries it, behind a tap.
		if (!companion.embeddedSim) console.log(m.companion_scan_address_only());
	} else if (everyInterface) console.log(m.companion_no_lan());
	else console.log(m.companion_host_only({ host }));
	console.log(apiRow);
	if (companion.embeddedSim) console.log(m.companion_shares_sim());
	else if (companion.sharesOn()) console.log(m.companion_shares_on());
	else console.log(m.companion_shares_off());
	printFirstRun(say, companion, page(companion.url, ''));
	console.log(m.companion_stop_hint());
}

/** What a new streamer does next, in three lines; the streamer's token is never printed, only where to find it. */
function printFirstRun({ m }: Lines, companion: Companion, dashboard: string): void {
	console.log('');
	console.log(m.companion_step_open({ url: dashboard }));
	// Fixed text in both cases: where the token comes from, never the token itself.
	console.log(companion.embeddedSim ? m.companion_step_connect_demo() : m.companion_step_connect());
	console.log(m.companion_step_pair());
}

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	const parsed = parseOptions(argv);
	if (parsed.ok && parsed.values.help) {
		console.log(HELP);
		return;
	}
	await ensureMessages(PROJECT_DIR);
	const say: Lines = await import('./start-lines');
	// After the messages are compiled: the companion's later lines and its errors say them too.
	const [{ startCompanion }, { parseSubathonRules }, { loadTlsFiles }, errors] = await Promise.all([
		import('./companion'),
		import('./subathon'),
		import('./tls-files'),
		import('./start-errors')
	]);
	// Every error is said here, once, in the start log's language.
	const fail: (error: StartError) => never = (error) => exit(errors.startErrorWords(error));
	if (!parsed.ok) {
		const asked = say.useStartLanguage(langOf(argv));
		if (!asked.ok) say.useStartLanguage(undefined);
		fail(parsed.error);
	}
	const args = parsed.values;
	const language = say.useStartLanguage(args.lang);
	if (!language.ok) {
		// A --lang we do not have: said in the system's language.
		say.useStartLanguage(undefined);
		fail(language.error);
	}
	const { m } = say;
	const port = args.port === undefined ? DEFAULT_COMPANION_PORT : Number(args.port);
	if (!Number.isInteger(port) || port < 0 || port > 65535) fail({ kind: 'port' });
	const host = args.host ?? '0.0.0.0';
	const realToken = args.token || process.env.STREAM_TOKEN || undefined;
	const rules = args.subathon === undefined ? undefined : parseSubathonRules(args.subathon);
	if (rules && !rules.ok) fail(rules.error);
	const timer = (args['subathon-timer'] ?? 'timer_main').trim();
	if (!timer || timer.length > 200) fail({ kind: 'subathon_timer' });
	let tls: ReturnType<typeof loadTlsFiles>;
	try {
		// Checked before the build: a wrong path should not wait for it.
		tls = loadTlsFiles(args.cert, args.key);
	} catch (err) {
		if (err instanceof errors.CompanionError) fail(err.said);
		throw err;
	}
	// Signals are handled from before the first await: a Ctrl+C while it builds or starts exits cleanly too.
	let companion: Companion | undefined;
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) process.exit(1); // a second Ctrl+C does not wait
		stopping = true;
		console.log(`\n${m.companion_stopping({ signal })}`);
		if (!companion) process.exit(0);
		companion.close().then(
			() => process.exit(0),
			() => process.exit(1)
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));

	const buildDir = args['build-dir'] ? resolve(args['build-dir']) : resolve(PROJECT_DIR, 'build');
	if (!args['build-dir'] && buildIsStale(PROJECT_DIR, buildDir)) {
		console.log(m.companion_building());
		const started = Date.now();
		const built = await runBuild(PROJECT_DIR);
		if (!built.ok) fail({ kind: 'build_failed', tail: built.tail });
		console.log(m.companion_built({ seconds: say.seconds(Date.now() - started, language.locale) }));
	}

	try {
		companion = await startCompanion({
			port,
			host,
			api: args.api,
			buildDir,
			realToken,
			sharesFile: args.shares ? resolve(args.shares) : undefined,
			demo: args.demo,
			tls,
			subathon: rules?.ok ? { rules: rules.rules, variable: timer } : undefined,
			mediaDir: args.media ? resolve(args.media) : undefined,
			// With the streamer's token the real application is meant: a silent demo would mislead.
			fallbackToSimulator: !realToken,
			log: (line) => console.log(line)
		});
	} catch (err) {
		if (err instanceof errors.CompanionError) fail(err.said);
		fail(errors.couldNotStart(err));
	}
	printReady(say, companion, host);
}

main().catch(async (err: Error) => {
	// In the start log's language when its messages are there; in English when they could not be compiled.
	const said = await import('./start-errors').then(
		({ couldNotStart, startErrorWords }) => startErrorWords(couldNotStart(err)),
		() => `Could not start: ${err.message}`
	);
	exit(said);
});
