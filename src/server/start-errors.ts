/**
 * The companion's start-up and unreadable-file errors as data (a kind and its values), made where
 * they happen and said once where they are printed (start.ts), in the start log's language. Their
 * English `message` (tests, a stack trace) is the same message said in English. The values are
 * flags, paths, ports and addresses: never the streamer's token.
 */
import { m } from '../lib/paraglide/messages.js';

/** Why a file could not be read, from Node's error code; `code` is kept for the rest. */
export type Unreadable = 'missing' | 'denied' | 'folder' | 'other';

export function unreadable(err: unknown): { why: Unreadable; code: string } {
	const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
	const why: Unreadable =
		code === 'ENOENT'
			? 'missing'
			: code === 'EACCES' || code === 'EPERM'
				? 'denied'
				: code === 'EISDIR'
					? 'folder'
					: 'other';
	return { why, code };
}

/** The system error codes the start log says in its own words; Node's text stays for any other. */
const SAID_CODES = new Set([
	'EACCES',
	'EPERM',
	'ENOENT',
	'EISDIR',
	'ENOTDIR',
	'EROFS',
	'ENOSPC',
	'EMFILE',
	'EEXIST',
	'EADDRNOTAVAIL',
	'EADDRINUSE',
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'ENOTFOUND',
	'EHOSTUNREACH'
]);

/** A system error's cause as data: its code and the path, address or host it concerns. */
export type SystemCause = { code: string; place?: string };

type SystemError = NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };

/**
 * The cause of a system error, read from its `code` and the fields Node gives it (never its message),
 * when the code is one the start log says; fetch's "fetch failed" carries it as its `cause`.
 */
export function systemCause(err: unknown, depth = 0): SystemCause | undefined {
	if (typeof err !== 'object' || err === null || depth > 3) return undefined;
	const e = err as SystemError;
	if (typeof e.code !== 'string' || !SAID_CODES.has(e.code)) return systemCause(e.cause, depth + 1);
	const host = e.address && (e.address.includes(':') ? `[${e.address}]` : e.address);
	const place = e.path ?? (host && e.port ? `${host}:${e.port}` : (host ?? e.hostname));
	return place ? { code: e.code, place } : { code: e.code };
}

/** A cause in the start log's language (or English). */
export const causeWords = (cause: SystemCause, locale?: 'en'): string =>
	cause.place === undefined
		? m.companion_cause({ code: cause.code }, locale ? { locale } : {})
		: m.companion_cause_at({ code: cause.code, place: cause.place }, locale ? { locale } : {});

/** An error's cause in the start log's language; Node's own text for a code it does not say. */
export function errorText(err: unknown, locale?: 'en'): string {
	const cause = systemCause(err);
	return cause ? causeWords(cause, locale) : err instanceof Error ? err.message : String(err);
}

/** The companion's own files: the streamer's decks and the share links. */
export type OwnerFile = 'deck' | 'shares';

export type StartError =
	| { kind: 'unknown_option' | 'option_needs_value' | 'option_takes_no_value'; option: string }
	| { kind: 'positional' }
	| { kind: 'lang'; choices: string }
	| { kind: 'port' }
	| { kind: 'port_in_use'; port: number }
	| { kind: 'api_address'; example: string }
	| { kind: 'api_scheme' }
	| { kind: 'api_unreachable'; api: string }
	| { kind: 'token_rejected'; api: string; status: number }
	| { kind: 'subathon_rule'; part: string }
	| { kind: 'subathon_empty' | 'subathon_timer' }
	| { kind: 'cert_alone' | 'key_alone' }
	| {
			kind: 'tls_unreadable';
			flag: '--cert' | '--key';
			file: string;
			why: Unreadable;
			code: string;
	  }
	| { kind: 'not_cert' | 'not_key'; file: string }
	| { kind: 'key_mismatch'; key: string; cert: string }
	| { kind: 'file_unreadable'; what: OwnerFile; file: string; why: Unreadable; code: string }
	| { kind: 'file_not_json' | 'file_shape'; what: OwnerFile; file: string }
	| { kind: 'build_failed'; tail: string }
	| { kind: 'could_not_start'; error: string; cause?: SystemCause };

export type StartErrorKind = StartError['kind'];

type Say = (values: never, options: { locale?: 'en' }) => string;

const WORDS: Record<StartErrorKind, Say> = {
	unknown_option: m.companion_err_unknown_option,
	option_needs_value: m.companion_err_option_needs_value,
	option_takes_no_value: m.companion_err_option_takes_no_value,
	positional: m.companion_err_positional,
	lang: m.companion_err_lang,
	port: m.companion_err_port,
	port_in_use: m.companion_err_port_in_use,
	api_address: m.companion_err_api_address,
	api_scheme: m.companion_err_api_scheme,
	api_unreachable: m.companion_err_api_unreachable,
	token_rejected: m.companion_err_token_rejected,
	subathon_rule: m.companion_err_subathon_rule,
	subathon_empty: m.companion_err_subathon_empty,
	subathon_timer: m.companion_err_subathon_timer,
	cert_alone: m.companion_err_cert_alone,
	key_alone: m.companion_err_key_alone,
	tls_unreadable: m.companion_err_tls_unreadable,
	not_cert: m.companion_err_not_cert,
	not_key: m.companion_err_not_key,
	key_mismatch: m.companion_err_key_mismatch,
	file_unreadable: m.companion_err_file_unreadable,
	file_not_json: m.companion_err_file_not_json,
	file_shape: m.companion_err_file_shape,
	build_failed: m.companion_err_build_failed,
	could_not_start: m.companion_err_could_not_start
};

/** The error in the start log's language (the locale start-lines.ts set), or in English. */
export function startErrorWords(error: StartError, locale?: 'en'): string {
	const say = WORDS[error.kind] as (values: object, options: { locale?: 'en' }) => string;
	// A system error's cause in the log's words; Node's text (`error`) for a code it does not say.
	const values =
		error.kind === 'could_not_start' && error.cause
			? { error: causeWords(error.cause, locale) }
			: error;
	return say(values, locale ? { locale } : {});
}

/** Why the companion could not start, from any error: its cause as data where its code is one the log says. */
export function couldNotStart(err: unknown): StartError {
	const cause = systemCause(err);
	const error = err instanceof Error ? err.message : String(err);
	return cause ? { kind: 'could_not_start', error, cause } : { kind: 'could_not_start', error };
}

/** A start-up error the companion stops for: its data, said by start.ts; `message` is its English. */
export class CompanionError extends Error {
	constructor(readonly said: StartError) {
		super(startErrorWords(said, 'en'));
	}
}
