/**
 * The connect page's "test": tells apart a page-origin problem (an https page cannot reach an http
 * address), an unreachable application, a rejected token, a turned-off interface, and success. What
 * the protocol cannot tell apart (a 401 means a wrong token or the interface switched off) is said so.
 */
import { RestClient } from '$lib/client/rest';
import { httpBase, type ConnectionSettings } from '$lib/client/settings';
import { isClientError, type ClientError } from '$lib/client/errors';
import { DEFAULT_SECURE_PORT, type Meta } from '$lib/protocol';
import { canConnectTo } from '$lib/client/connection-lock';

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

/** What to do about each failure the test can name. */
const FIXES = {
	unauthorized:
		'Copy the token again from Settings → API. The application answers the same way when its interface is switched off there (a browser cannot tell the two apart), so check that switch too.',
	unreachable:
		'Check that the application runs, the address and port, that it allows other devices (LAN access) if this is a phone, and the firewall.',
	stopped:
		'Switch the interface on again in the application under Settings → API, then press Retry.',
	'other-address': 'Press Connect: the page loads again with the new address, and Test works there.'
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
		message: `This page was opened over https, and browsers block it from calling the http address ${settings.host}:${settings.port}.`,
		fix: `Use the application's https port ${DEFAULT_SECURE_PORT} (HTTPS must be switched on in the application, and this device must trust its certificate), or open the dashboard over http from the companion server on the streaming PC (npm start).`,
		actions: [
			{
				kind: 'settings',
				label: `Use secure port ${DEFAULT_SECURE_PORT}`,
				settings: { secure: true, port: DEFAULT_SECURE_PORT }
			},
			{
				kind: 'link',
				label: `Open the dashboard from the companion server (${settings.host}:${DEFAULT_COMPANION_PORT})`,
				href: companion
			}
		]
	};
}

function failure(error: unknown, interfaceStopped: boolean): Diagnosis {
	if (!isClientError(error)) return { kind: 'failed', message: 'The test failed unexpectedly.' };
	const e: ClientError = error;
	if (e.kind === 'unauthorized' && interfaceStopped)
		return {
			kind: 'stopped',
			message:
				'The application turned its interface off: it closed this connection on purpose, and it still refuses requests.',
			fix: FIXES.stopped
		};
	if (e.kind === 'unauthorized')
		return {
			kind: 'unauthorized',
			message:
				'The application refused the token (401): the token is wrong, or the interface is switched off.',
			fix: FIXES.unauthorized
		};
	if (e.kind === 'unreachable' || e.kind === 'timeout')
		return {
			kind: 'unreachable',
			message: interfaceStopped
				? `${e.message} It closed this connection on purpose, so it was probably closed.`
				: e.message,
			fix: FIXES.unreachable
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
			message: `This page can only reach the address it is connected to, so it cannot test ${settings.host}:${settings.port} from here.`,
			fix: FIXES['other-address']
		};
	const rest = new RestClient({
		baseUrl: httpBase(settings),
		token: settings.token,
		fetch: options.fetch,
		timeoutMs: 5000
	});
	try {
		const meta = await rest.meta();
		const premium = await rest.premium(meta);
		return { kind: 'ok', meta, premium };
	} catch (error) {
		// A 1000 close of this address's connection says why a 401 comes now: the interface was switched off.
		return failure(error, options.interfaceStopped ?? false);
	}
}
