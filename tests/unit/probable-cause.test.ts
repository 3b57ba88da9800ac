/**
 * The banner's probable cause, from what the client saw: close codes (status), HTTP status, network
 * error, and whether the address ever answered; then what the banner says of each, in English.
 */
import { describe, expect, it } from 'vitest';
import { probableCause, type CauseInput } from '$lib/client/probable-cause';
import { causeWords } from '$lib/ui/cause-words';
import {
	gatewayError,
	lostError,
	stoppedError,
	unauthorizedError,
	unreachableError
} from '$lib/client/errors';

const ADDRESS = '192.168.1.20:39231';
const cause = (input: Partial<CauseInput>) =>
	probableCause({ status: 'open', error: undefined, everOpened: true, ...input });
const said = (input: Partial<CauseInput>) => {
	const found = cause(input);
	return found && causeWords(found.kind, ADDRESS);
};

describe('probableCause', () => {
	it('says nothing while connected or while a first connection is on its way', () => {
		expect(cause({})).toBeUndefined();
		expect(cause({ status: 'connecting', everOpened: false })).toBeUndefined();
		// stop() by the page itself (leaving) is no problem to explain.
		expect(cause({ status: 'stopped' })).toBeUndefined();
	});

	it('close 1000 after open: the interface was switched off, retried every few seconds', () => {
		const input = { status: 'stopped', error: stoppedError() } as const;
		expect(cause(input)).toEqual({ kind: 'switched-off', checkSettings: false });
		expect(said(input)?.title).toContain('switched off');
		expect(said(input)?.advice).toContain('code 1000');
		expect(said(input)?.advice).toContain('10 seconds');
	});

	it('401 from the meta probe: the token was rejected, fixed on the Connect page', () => {
		const input = { status: 'unauthorized', error: unauthorizedError() } as const;
		expect(cause(input)).toEqual({ kind: 'token-rejected', checkSettings: true });
		expect(said(input)?.title).toBe('The token was rejected.');
	});

	it('a network error at an address that never answered: closed, or a wrong address', () => {
		const input = {
			status: 'unreachable',
			error: unreachableError(ADDRESS),
			everOpened: false
		} as const;
		expect(cause(input)).toEqual({ kind: 'not-answering', checkSettings: true });
		expect(said(input)?.title).toBe(`Nothing answers at ${ADDRESS}.`);
		expect(said(input)?.advice).toContain('address is wrong');
	});

	it('a network error after it had answered: the application was closed or the network dropped', () => {
		const input = { status: 'unreachable', error: unreachableError(ADDRESS) } as const;
		expect(cause(input)).toEqual({ kind: 'stopped-answering', checkSettings: false });
		expect(said(input)?.title).toBe('The application is closed or not reachable.');
		expect(said(input)?.advice).toContain(`It stopped answering at ${ADDRESS}`);
	});

	it('502 from a server in front (the companion): the application behind it is closed', () => {
		for (const everOpened of [true, false]) {
			const input = { status: 'unreachable', error: gatewayError(ADDRESS), everOpened } as const;
			expect(cause(input)).toEqual({ kind: 'app-behind-server-down', checkSettings: false });
			expect(said(input)?.advice).toContain(`The server at ${ADDRESS} is up`);
		}
	});

	it('a dropped socket while reconnecting, and a restart (1012) in progress', () => {
		const lost = { status: 'reconnecting', error: lostError(ADDRESS, 1006) } as const;
		expect(cause(lost)).toEqual({ kind: 'lost', checkSettings: false });
		expect(said(lost)?.title).toBe('The connection was lost.');
		expect(cause({ status: 'reconnecting' })).toEqual({
			kind: 'reconnecting',
			checkSettings: false
		});
	});
});
