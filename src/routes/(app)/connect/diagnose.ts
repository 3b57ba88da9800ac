/**
 * The connect page's "test": tells apart a page-origin problem (an https page cannot reach an http
 * address), an unreachable application, a rejected token, a turned-off interface, and success. What
 * the protocol cannot tell apart (a 401 means a wrong token or the interface switched off) is said so.
 */
import { RestClient } from '$lib/client/rest';
import { readPremium } from '$lib/client/premium';
import { httpBase, type ConnectionSettings } from '$lib/client/settings';
import { isClientError, type ClientError } from '$lib/client/errors';
import { DEFAULT_SECURE_PORT, type Meta } from '$lib/protocol';
import { canConnectTo } from '$lib/client/connection-lock';
import * as m from '$lib/app/messages';

/** Where the companion server (`npm start`) listens by default; its pages reach the application on their own origin. */
export const DEFAULT_COMPANION_PORT = 39280;

/** Something the page offers to do about a problem: change the form, or open another address. */
export type DiagnosisAction =
	| { kind: 'settings'; label: string; settings: Pick<ConnectionSettings, 'secure' | 'port'> }
	| { kind: 'link'; label: string; href: string };

export type Diagnosis =
	| { kind: 'ok'; meta: Meta; premium: boolean }
	| { kind: 'mixed-content'; message: string; fix: string; actions: DiagnosisAction[] }
	| {
			kind: 'unreachable' | 'unauthorized' | 'stopped' | 'failed' | 'other-address';
			message: string;
			fix?: string;
	  };

const LOOPBACK = /^(127\.|localhost$|\[?::1\]?$)/;

/** What to do about each failure the test can name, in the language shown when the test ran. */
const FIXES = {
	unauthorized: m.connect_fix_unauthorized,
	unreachable: m.connect_fix_unreachable,
	stopped: m.connect_fix_stopped,
	'other-address': m.connect_fix_other_address
} as const;

/** Mixed content: a page served over https may not call http or ws addresses (loopback excepted in Chromium). */
export function originProblem(
	settings: ConnectionSettings,
	pageProtocol: string
): Diagnosis | undefined {
	if (settings.demo || settings.secure || pageProtocol !== 'https:') return undefined;
	if (LOOPBACK.test(settings.host)) return undefined;
	const companion = `${httpBase({ host: settings.host, port: DEFAULT_COMPANION_PORT, secure: false })}/#/connect`;
	return {
		kind: 'mixed-content',
		message: m.connect_mixed({ address: `${settings.host}:${settings.port}` }),
		// A port is a name, never grouped ("39232", not "39,232").
		fix: m.connect_mixed_fix({ port: String(DEFAULT_SECURE_PORT) }),
		actions: [
			{
				kind: 'settings',
				label: m.connect_use_secure({ port: String(DEFAULT_SECURE_PORT) }),
				settings: { secure: true, port: DEFAULT_SECURE_PORT }
			},
			{
				kind: 'link',
				label: m.connect_open_companion({
					address: `${settings.host}:${DEFAULT_COMPANION_PORT}`
				}),
				href: companion
			}
		]
	};
}

function failure(error: unknown, interfaceStopped: boolean): Diagnosis {
	if (!isClientError(error)) return { kind: 'failed', message: m.connect_failed_unexpected() };
	const e: ClientError = error;
	if (e.kind === 'unauthorized' && interfaceStopped)
		return {
			kind: 'stopped',
			message: m.connect_stopped(),
			fix: FIXES.stopped()
		};
	if (e.kind === 'unauthorized')
		return {
			kind: 'unauthorized',
			message: m.connect_unauthorized(),
			fix: FIXES.unauthorized()
		};
	if (e.kind === 'unreachable' || e.kind === 'timeout')
		return {
			kind: 'unreachable',
			message: interfaceStopped ? m.connect_unreachable_closed({ reason: e.message }) : e.message,
			fix: FIXES.unreachable()
		};
	return { kind: 'failed', message: e.message };
}

export async function diagnose(
	settings: ConnectionSettings,
	options: {
		pageProtocol: string;
		fetch?: typeof fetch;
		interfaceStopped?: boolean;
		doc?: Document;
	}
): Promise<Diagnosis> {
	const origin = originProblem(settings, options.pageProtocol);
	if (origin) return origin;
	// The page's security policy lets it reach only the address it connected to first.
	if (!canConnectTo(settings, options.doc))
		return {
			kind: 'other-address',
			message: m.connect_other_address({ address: `${settings.host}:${settings.port}` }),
			fix: FIXES['other-address']()
		};
	const rest = new RestClient({
		baseUrl: httpBase(settings),
		token: settings.token,
		fetch: options.fetch,
		timeoutMs: 5000
	});
	try {
		const meta = await rest.meta();
		const premium = await readPremium(rest, meta);
		return { kind: 'ok', meta, premium };
	} catch (error) {
		// A 1000 close of this address's connection says why a 401 comes now: the interface was switched off.
		return failure(error, options.interfaceStopped ?? false);
	}
}
