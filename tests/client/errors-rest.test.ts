import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEGACY_META } from '$lib/protocol';
import {
	answerError,
	ClientError,
	invalidParamsError,
	redact,
	socketFailureError
} from '$lib/client/errors';
import { RestClient } from '$lib/client/rest';
import { readPremium } from '$lib/client/premium';
import { CURRENT_META, SETTINGS_DATA, fakeFetch } from './support/fakes';

const TOKEN = 'tok-SECRET/42';

describe('error mapping', () => {
	it('keeps code and message of structured bodies', () => {
		const e = answerError(
			404,
			JSON.stringify({
				status: 404,
				code: 'not_found',
				message: 'No chat-command named "blu" exists.'
			})
		);
		expect(e).toBeInstanceOf(ClientError);
		expect(e).toMatchObject({
			kind: 'http',
			status: 404,
			code: 'not_found',
			message: 'No chat-command named "blu" exists.'
		});
	});
	it('makes plain-text bodies the message', () => {
		expect(answerError(400, 'Api has different type')).toMatchObject({
			kind: 'http',
			status: 400,
			code: undefined,
			message: 'Api has different type'
		});
		expect(answerError(500, '').message).toBe('The application answered with status 500.');
	});

	it('shows the message (or error) of a JSON error body without code, not its raw JSON', () => {
		expect(
			answerError(400, JSON.stringify({ status: 400, message: 'Invalid params for tts' }))
		).toMatchObject({
			kind: 'http',
			status: 400,
			code: undefined,
			message: 'Invalid params for tts'
		});
		expect(answerError(500, JSON.stringify({ error: 'Queue is busy' })).message).toBe(
			'Queue is busy'
		);
		expect(
			answerError(400, JSON.stringify({ status: 400, message: '', error: 'from error' })).message
		).toBe('from error');
		expect(answerError(400, JSON.stringify({ message: `bad token ${TOKEN}` }), TOKEN).message).toBe(
			'bad token [token]'
		);
		// JSON that carries no sentence is still shown as sent.
		expect(answerError(400, '{"status":400}').message).toBe('{"status":400}');
	});
	it('explains a rejected token', () => {
		const e = answerError(401, 'whatever');
		expect(e.kind).toBe('unauthorized');
		expect(e.message).toContain('(401)');
		expect(e.message).toContain('Settings → API');
	});
	it('maps socket failures with their status and code', () => {
		expect(socketFailureError(409, 'Command "x" is disabled', 'command_disabled')).toMatchObject({
			kind: 'http',
			status: 409,
			code: 'command_disabled'
		});
	});
	it('names the field of invalid params', () => {
		const e = invalidParamsError([
			{ field: 'params.duration', rule: 'must be between 30 and 180 s' }
		]);
		expect(e).toMatchObject({ kind: 'invalid-params', field: 'params.duration' });
		expect(e.message).toContain('params.duration must be between 30 and 180 s');
	});
	it('cuts the token out of echoed bodies, in every encoding', () => {
		const body = `bad request /api/send?token=${encodeURIComponent(TOKEN)} raw ${TOKEN} form ${new URLSearchParams({ t: TOKEN }).toString().slice(2)}`;
		const e = answerError(400, body, TOKEN);
		expect(e.message).not.toContain(TOKEN);
		expect(e.message).not.toContain(encodeURIComponent(TOKEN));
		expect(redact('x', '')).toBe('x');
		const s = JSON.stringify({ status: 400, code: 'unknown_type', message: `type from ${TOKEN}` });
		expect(answerError(400, s, TOKEN).message).not.toContain(TOKEN);
	});
});

describe('REST client', () => {
	afterEach(() => vi.useRealTimers());
	const client = (route: Parameters<typeof fakeFetch>[0], timeoutMs = 1000) => {
		const fake = fakeFetch(route);
		return {
			rest: new RestClient({
				baseUrl: 'http://127.0.0.1:39231/',
				token: TOKEN,
				fetch: fake.fetch,
				timeoutMs
			}),
			requests: fake.requests
		};
	};

	it('passes the token as a query param and asks for slim settings', async () => {
		const { rest, requests } = client(() => ({
			status: 200,
			body: { status: 200, data: SETTINGS_DATA }
		}));
		const data = await rest.retrieve();
		expect(data.options['chat-command']).toEqual({ values: ['hello', 'lurk'] });
		expect(requests[0]!.path).toBe('/api/retrieve');
		expect(requests[0]!.query.get('token')).toBe(TOKEN);
		expect(requests[0]!.query.get('slim')).toBe('true');
	});

	it('reads meta, and treats 404 as apiVersion 1 with no features', async () => {
		expect(
			(await client(() => ({ status: 200, body: CURRENT_META })).rest.meta()).features
		).toContain('premium');
		expect(await client(() => ({ status: 404, body: 'Not found' })).rest.meta()).toEqual(
			LEGACY_META
		);
	});

	it('reads premium from /api/premium only with the feature', async () => {
		const current = client((r) =>
			r.path === '/api/premium'
				? { status: 200, body: { status: 200, data: { premium: true } } }
				: { status: 500, body: '' }
		);
		expect(await readPremium(current.rest, CURRENT_META)).toBe(true);
		const legacy = client((r) =>
			r.path === '/api/retrieve'
				? { status: 200, body: { status: 200, data: { ...SETTINGS_DATA, premium: true } } }
				: { status: 404, body: '' }
		);
		expect(await readPremium(legacy.rest, { features: [] })).toBe(true);
		expect(legacy.requests.map((r) => r.path)).toEqual(['/api/retrieve']);
	});

	it('posts {type, params} and returns the answer', async () => {
		const { rest, requests } = client(() => ({ status: 200, body: { status: 200, message: 7 } }));
		expect(await rest.send('get-variable-value', { name: 'deaths' })).toEqual({
			status: 200,
			message: 7
		});
		expect(requests[0]).toMatchObject({
			method: 'POST',
			path: '/api/send',
			body: { type: 'get-variable-value', params: { name: 'deaths' } }
		});
	});

	it('throws a ClientError for every kind of failure', async () => {
		await expect(
			client(() => ({
				status: 409,
				body: { status: 409, code: 'command_disabled', message: 'off' }
			})).rest.send('chat-command', { value: 'x' })
		).rejects.toMatchObject({ kind: 'http', code: 'command_disabled', status: 409 });
		await expect(client(() => ({ status: 401, body: '' })).rest.meta()).rejects.toMatchObject({
			kind: 'unauthorized'
		});
		const unreachable = client(() => 'network-error').rest.retrieve();
		await expect(unreachable).rejects.toMatchObject({
			kind: 'unreachable',
			message: 'The application did not answer at 127.0.0.1:39231. Is it running?'
		});
		await expect(client(() => ({ status: 200, body: '<html>' })).rest.meta()).rejects.toMatchObject(
			{ kind: 'invalid-response' }
		);
		await expect(
			client(() => ({ status: 200, body: { nope: 1 } })).rest.retrieve()
		).rejects.toMatchObject({ kind: 'invalid-response' });
	});

	it('says a send whose request failed at the network level may or may not have run', async () => {
		const failed = client(() => 'network-error').rest.send('clear-queue', {});
		await expect(failed).rejects.toMatchObject({
			kind: 'unreachable',
			message:
				'The connection to 127.0.0.1:39231 failed before the application answered: it may or may not have run.'
		});
	});

	it('times out a request that never answers', async () => {
		vi.useFakeTimers();
		const pending = client(() => 'hang', 2500).rest.send('clear-queue', {});
		const settled = expect(pending).rejects.toMatchObject({
			kind: 'timeout',
			message: 'The application did not answer within 3 s.'
		});
		await vi.advanceTimersByTimeAsync(2500);
		await settled;
	});

	it('probes meta to tell a rejected token from an unreachable application', async () => {
		expect(await client(() => ({ status: 401, body: '' })).rest.probe()).toBe('unauthorized');
		expect(await client(() => 'network-error').rest.probe()).toBe('unreachable');
		expect(await client(() => ({ status: 404, body: '' })).rest.probe()).toBe('reachable');
	});

	it('never puts the token into an error message, even when the failure text carries the URL', async () => {
		const messages: string[] = [];
		for (const route of [
			() => 'network-error' as const,
			() => ({ status: 400, body: `bad ${TOKEN}` })
		]) {
			await client(route)
				.rest.send('clear-queue', {})
				.catch((e: Error) => messages.push(e.message, String(e), JSON.stringify(e)));
		}
		expect(messages.length).toBe(6);
		for (const m of messages) expect(m).not.toContain(TOKEN);
	});
});
