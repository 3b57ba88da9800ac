/**
 * The connect page's "test": tells apart a page-origin problem (an https page cannot reach an http
 * address), an unreachable application, a rejected token, a turned-off interface, and success.
 */
import { RestClient } from '$lib/client/rest';
import { httpBase, type ConnectionSettings } from '$lib/client/settings';
import { isClientError } from '$lib/client/errors';
import type { Meta } from '$lib/protocol';
import { canConnectTo } from './connection-lock';

export type Diagnosis =
	| { kind: 'ok'; meta: Meta; premium: boolean }
	| { kind: 'mixed-content'; message: string; fix: string }
	| { kind: 'unreachable' | 'unauthorized' | 'stopped' | 'failed' | 'other-address'; message: string; fix?: string };

const LOOPBACK = /^(127\.|localhost$|\[?::1\]?$)/;

/** Mixed content: a page served over https may not call http or ws addresses (loopback excepted in Chromium). */
export function originProblem(settings: ConnectionSettings, pageProtocol: string): Diagnosis | undefined {
	if (settings.demo || settings.secure || pageProtocol !== 'https:') return undefined;
	if (LOOPBACK.test(settings.host)) return undefined;
	return {
		kind: 'mixed-content',
		message: `This page was opened over https, and browsers block it from calling the http address ${settings.host}:${settings.port}.`,
		fix: 'Open the dashboard from the companion server on the streaming PC (npm start prints its address), or turn on "secure" to use the application\'s https port 39232.'
	};
}

export async function diagnose(
	settings: ConnectionSettings,
	options: { pageProtocol: string; fetch?: typeof fetch; interfaceStopped?: boolean }
): Promise<Diagnosis> {
	const origin = originProblem(settings, options.pageProtocol);
	if (origin) return origin;
	// The page's security policy lets it reach only the address it connected to first.
	if (!canConnectTo(settings))
		return {
			kind: 'other-address',
			message: `This page can only reach the address it is connected to, so it cannot test ${settings.host}:${settings.port} from here.`,
			fix: 'Press Connect: the page loads again with the new address, and Test works there.'
		};
	if (options.interfaceStopped)
		return {
			kind: 'stopped',
			message: 'The application turned its interface off (it closed the connection on purpose).',
			fix: 'Turn the API on again in the application under Settings → API, then press Retry.'
		};
	const rest = new RestClient({ baseUrl: httpBase(settings), token: settings.token, fetch: options.fetch, timeoutMs: 5000 });
	try {
		const meta = await rest.meta();
		const premium = await rest.premium(meta);
		return { kind: 'ok', meta, premium };
	} catch (error) {
		if (!isClientError(error)) return { kind: 'failed', message: 'The test failed unexpectedly.' };
		if (error.kind === 'unauthorized')
			return {
				kind: 'unauthorized',
				message: error.message,
				fix: 'Copy the token again from Settings → API. If it is right, the API may be turned off there.'
			};
		if (error.kind === 'unreachable' || error.kind === 'timeout')
			return {
				kind: 'unreachable',
				message: error.message,
				fix: 'Check that the application runs, the address and port, that it allows other devices (LAN access) if this is a phone, and the firewall.'
			};
		return { kind: 'failed', message: error.message };
	}
}
