/** The banner's probable cause, from what the client saw: close codes (status), HTTP status, network error, and whether the address ever answered. */
import { describe, expect, it } from 'vitest';
import { probableCause, type CauseInput } from '$lib/client/probable-cause';
import {
	gatewayError,
	lostError,
	stoppedError,
	unauthorizedError,
	unreachableError
} from '$lib/client/errors';

const ADDRESS = '192.168.1.20:39231';
const cause = (input: Partial<CauseInput>) =>
	probableCause({ status: 'open', error: undefined, everOpened: true, address: ADDRESS, ...input });

describe('probableCause', () => {
	it('says nothing while connected or while a first connection is on its way', () => {
		expect(cause({})).toBeUndefined();
		expect(cause({ status: 'connecting', everOpened: false })).toBeUndefined();
		// stop() by the page itself (leaving) is no problem to explain.
		expect(cause({ status: 'stopped' })).toBeUndefined();
	});

	it('close 1000 after open: the interface was switched off, retried every few seconds', () => {
		const c = cause({ status: 'stopped', error: stoppedError() });
		expect(c).toMatchObject({ kind: 'switched-off', checkSettings: false });
		expect(c?.title).toContain('switched off');
		expect(c?.advice).toContain('code 1000');
		expect(c?.advice).toContain('10 seconds');
	});

	it('401 from the meta probe: the token was rejected, fixed on the Connect page', () => {
		expect(cause({ status: 'unauthorized', error: unauthorizedError() })).toMatchObject({
			kind: 'token-rejected',
			checkSettings: true,
			title: 'The token was rejected.'
		});
	});

	it('a network error at an address that never answered: closed, or a wrong address', () => {
		const c = cause({ status: 'unreachable', error: unreachableError(ADDRESS), everOpened: false });
		expect(c).toMatchObject({
			kind: 'not-answering',
			checkSettings: true,
			title: `Nothing answers at ${ADDRESS}.`
		});
		expect(c?.advice).toContain('address is wrong');
	});

	it('a network error after it had answered: the application was closed or the network dropped', () => {
		const c = cause({ status: 'unreachable', error: unreachableError(ADDRESS), everOpened: true });
		expect(c).toMatchObject({
			kind: 'stopped-answering',
			checkSettings: false,
			title: 'The application is closed or not reachable.'
		});
	});

	it('502 from a server in front (the companion): the application behind it is closed', () => {
		for (const everOpened of [true, false]) {
			const c = cause({ status: 'unreachable', error: gatewayError(ADDRESS), everOpened });
			expect(c).toMatchObject({ kind: 'app-behind-server-down', checkSettings: false });
		}
	});

	it('a dropped socket while reconnecting, and a restart (1012) in progress', () => {
		expect(cause({ status: 'reconnecting', error: lostError(ADDRESS, 1006) })).toMatchObject({
			kind: 'lost',
			title: 'The connection was lost.'
		});
		expect(cause({ status: 'reconnecting' })).toMatchObject({ kind: 'reconnecting' });
	});

	it('never names more than the address', () => {
		for (const status of ['stopped', 'unauthorized', 'unreachable', 'reconnecting'] as const)
			for (const everOpened of [true, false])
				expect(
					JSON.stringify(cause({ status, error: stoppedError(), everOpened }) ?? {})
				).not.toMatch(/token=|Bearer/);
	});
});
