/**
 * Property test: hostile and random bodies at POST /api/send and random frames at the websocket.
 * Every answer is a clear 200 or 4xx, never a 5xx, and the server keeps serving afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, SEND_TYPES } from '$lib/protocol';
import { startSimServer, type SimServer } from '../../src/server/sim-server';
import { Api, PROFILES, TOKEN } from './harness';

const ALLOWED = new Set([200, 400, 403, 404, 409]);
const MAX_BODY = 1024 * 1024;

/** Field names the catalog uses, so random params often hit real fields with wrong values. */
const KNOWN_FIELDS = [
	...new Set([
		'value',
		'name',
		'platform',
		'duration',
		'actions',
		'action',
		'username',
		'kind',
		'lights',
		'brightness',
		'newName',
		'message',
		'extraSettings',
		'hold',
		'play',
		'songRequestId',
		'layer',
		'x',
		'y',
		'content'
	])
];
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ''];

const key = fc.oneof(
	fc.constantFrom(...KNOWN_FIELDS, ...HOSTILE_KEYS),
	fc.string({ maxLength: 12 })
);
const jsonish = fc.jsonValue({ maxDepth: 4 });
const params = fc.oneof(fc.dictionary(key, jsonish, { maxKeys: 6 }), jsonish);
const deepArray = fc
	.integer({ min: 1, max: 50_000 })
	.map(
		(n) =>
			`{"type":"update-variable-value","params":{"name":"deep","value":${'['.repeat(n)}${']'.repeat(n)}}}`
	);
const deepActions = fc.integer({ min: 6, max: 120 }).map((depth) => {
	let step: object = { base: 'app', type: 'chatbot', value: { message: 'deep' } };
	for (let i = 0; i < depth; i++) step = { type: 'loop', actions: [step] };
	return JSON.stringify({ type: 'run-actions', params: { actions: [step] } });
});
const hugeString = fc
	.integer({ min: 10_000, max: 300_000 })
	.chain((n) =>
		fc
			.constantFrom(...SEND_TYPES)
			.map((type) =>
				JSON.stringify({ type, params: { value: ' '.repeat(n / 2) + 'x'.repeat(n / 2 - 100) } })
			)
	);
const protoBodies = fc.constantFrom(
	'{"__proto__":{"type":"to-default"}}',
	'{"type":"chat-command","params":{"__proto__":{"value":"lurk"}}}',
	'{"type":"chat-command","params":{"value":"lurk","extraSettings":{"__proto__":{"polluted":true}}}}',
	'{"type":"update-variable-value","params":{"name":"__proto__","value":{"polluted":true}}}',
	'{"type":"set-counter-value","params":{"name":"constructor","value":1}}',
	'{"type":"create-chatbot-command","params":{"name":"__proto__","message":"x"}}'
);

const body = fc.oneof(
	{
		weight: 4,
		arbitrary: fc
			.record({ type: fc.constantFrom(...SEND_TYPES), params }, { requiredKeys: ['type'] })
			.map((b) => JSON.stringify(b))
	},
	{
		weight: 2,
		arbitrary: fc
			.record({ type: jsonish, params: jsonish, extra: jsonish }, { requiredKeys: [] })
			.map((b) => JSON.stringify(b))
	},
	{ weight: 2, arbitrary: jsonish.map((v) => JSON.stringify(v)) },
	{ weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
	{ weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
	{ weight: 1, arbitrary: deepArray },
	{ weight: 1, arbitrary: deepActions },
	{ weight: 1, arbitrary: hugeString },
	{ weight: 1, arbitrary: protoBodies }
);

/** A frame a client might send, including commands with catalog types and random params. */
const frame = fc.oneof(
	{
		weight: 3,
		arbitrary: fc
			.record(
				{
					type: fc.constantFrom(...SEND_TYPES),
					params,
					context: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }))
				},
				{ requiredKeys: ['type'] }
			)
			.map((f) => JSON.stringify(f))
	},
	{
		weight: 1,
		arbitrary: fc
			.record(
				{ retrieve: fc.oneof(fc.constant(true), jsonish), slim: jsonish, context: jsonish },
				{ requiredKeys: ['retrieve'] }
			)
			.map((f) => JSON.stringify(f))
	},
	{
		weight: 1,
		arbitrary: fc
			.record(
				{
					subscribe: fc.oneof(fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }), jsonish),
					context: jsonish
				},
				{ requiredKeys: ['subscribe'] }
			)
			.map((f) => JSON.stringify(f))
	},
	{ weight: 2, arbitrary: jsonish.map((v) => JSON.stringify(v)) },
	{ weight: 1, arbitrary: fc.string({ maxLength: 100 }) }
);

describe.each(PROFILES)('fuzz (%s)', (profile) => {
	let server: SimServer;
	let api: Api;
	beforeAll(async () => {
		server = await startSimServer({ port: 0, token: TOKEN, profile });
		api = new Api(server);
	});
	afterAll(() => server.close());

	it('answers every random body to POST /api/send with a clear 200 or 4xx, and keeps serving', async () => {
		await fc.assert(
			fc.asyncProperty(body, async (text) => {
				const answer = await api.post('/api/send', text);
				expect(
					ALLOWED.has(answer.status),
					`${answer.status} ${answer.text.slice(0, 200)} for ${text.slice(0, 200)}`
				).toBe(true);
				if (answer.status !== 200) expect(answer.text.length).toBeGreaterThan(0);
				if (answer.status === 400 && profile === 'legacy') expect(answer.isJson).toBe(false);
			}),
			{ numRuns: 200 }
		);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect((await api.get('/api/retrieve')).status).toBe(200);
		expect((await api.send('get-variable-value', { name: 'deaths' })).status).toBe(200);
	});

	it('survives random websocket frames: no 5xx reply, the socket stays open, the server keeps serving', async () => {
		const socket = await api.socket();
		let fence = 0;
		await fc.assert(
			fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 4 }), async (frames) => {
				for (const f of frames) socket.send(f);
				const context = `fence-${++fence}`;
				socket.send({ retrieve: true, context });
				await socket.next((f) => f.context === context);
			}),
			{ numRuns: 120 }
		);
		const replies = socket.frames.filter((f) => f.event === 'socketapi:response');
		for (const reply of replies) expect(ALLOWED.has(Number(reply.status))).toBe(true);
		if (profile === 'legacy') expect(replies).toEqual([]);
		else expect(replies.length).toBeGreaterThan(0);
		if (profile === 'current')
			expect((await socket.command('get-variable-value', { name: 'hugs' })).status).toBe(200);
		socket.close();
		expect((await api.get('/api/retrieve')).status).toBe(200);
	}, 30_000);

	it('answers a body just under the bound, and one nested 400,000 deep, with a clear 4xx or 200', async () => {
		const big = await api.post(
			'/api/send',
			JSON.stringify({ type: 'tts', params: { value: 'x'.repeat(MAX_BODY - 100) } })
		);
		expect(big.status).toBe(200);
		const deep = await api.post(
			'/api/send',
			`{"type":"tts","params":{"value":${'['.repeat(400_000)}${']'.repeat(400_000)}}}`
		);
		expect([deep.status, deep.text]).toEqual([
			400,
			'params.value must be a string (text to speak)'
		]);
	});

	it('keeps serving after a body over the bound and a frame over the bound', async () => {
		const answer = await api.post('/api/send', 'x'.repeat(MAX_BODY + 1));
		expect([answer.status, answer.isJson, answer.text]).toEqual([
			400,
			false,
			'Request body is too large: the limit is 1,048,576 bytes (1 MiB)'
		]);
		const socket = await api.socket();
		socket.send('y'.repeat(MAX_BODY + 1));
		expect((await socket.closed).code).toBe(1009);
		expect((await api.send('to-default')).status).toBe(200);
		expect(Object.keys(CATALOG).length).toBe(SEND_TYPES.length);
	});
});
