/**
 * Hostile input: at least 10,000 random frames through the socket's frame handling. No exception may
 * escape, and nothing outside the parser may change: prototypes stay clean, waiting requests stay.
 */
import { checkSend } from '$lib/protocol/send';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	EVENT_TYPES,
	parseAlertEvent,
	parseChatEvent,
	parsePremiumEvent,
	parseStatesEvent,
	type Envelope
} from '$lib/protocol';
import * as v from 'valibot';
import { ApiSocket } from '$lib/client/socket';
import { ClientMessageSchema } from '$lib/protocol/messages';
import { StreamClient } from '$lib/client/client';
import { fakeWebSocketClass, fakeFetch, CURRENT_META, SETTINGS_DATA } from './support/fakes';

const HOSTILE_KEYS = [
	'__proto__',
	'constructor',
	'prototype',
	'toString',
	'hasOwnProperty',
	'valueOf',
	'__defineGetter__'
];
const HUGE = 'x'.repeat(4 * 1024 * 1024 + 10);
const BIG_INSIDE = JSON.stringify({
	origin: 'alpha',
	type: 'chat',
	data: { message: 'y'.repeat(1024 * 1024), extraSettings: { messageId: 'm' } }
});
const deep = (n: number, open: string, close: string) => open.repeat(n) + close.repeat(n);
/** Nesting far past any sane frame, kept as a constant so it is built once. */
const VERY_DEEP = deep(20_000, '[', ']');

const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 }));
const context = fc.oneof(
	fc.string({ maxLength: 20 }),
	fc.integer(),
	fc.constantFrom(...HOSTILE_KEYS),
	fc.constant(null),
	fc.double()
);
const anyJson = fc.jsonValue({ maxDepth: 4 });
/** Raw JSON text with a hostile key, so JSON.parse creates it as an own property. */
const pollutingText = fc
	.tuple(
		fc.constantFrom(...HOSTILE_KEYS),
		anyJson,
		fc.constantFrom('chat', 'alert', 'premium', 'states', 'socketapi:response')
	)
	.map(
		([k, value, type]) =>
			`{"${k}": {"polluted": true, "${k}": ${JSON.stringify(value)}}, "type": "${type}", "event": "${type}", "context": "${k}", "status": 200, "data": {"${k}": {"polluted": 1}, "premium": true, "extraSettings": {"${k}": {"polluted": 1}}}}`
	);
const replyLike = fc
	.record(
		{
			event: fc.constantFrom(
				'socketapi:response',
				'socketapi:retrieve',
				'socketapi:subscribed',
				'socketapi:',
				'socketapi:__proto__'
			),
			context,
			status: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
			message: anyJson,
			error: fc.oneof(fc.string(), fc.integer()),
			code: fc.oneof(fc.string(), anyJson),
			channels: fc.oneof(fc.array(fc.string()), fc.constant('all'), anyJson),
			data: fc.oneof(
				anyJson,
				fc.record({
					types: anyJson,
					options: fc.dictionary(key, anyJson),
					lights: anyJson,
					premium: anyJson
				})
			)
		},
		{ requiredKeys: ['event'] }
	)
	.map((o) => JSON.stringify(o));
const envelopeLike = fc
	.record(
		{
			origin: fc.oneof(fc.constantFrom('alpha', 'beta', 'gamma', 'appstream'), anyJson),
			type: fc.oneof(fc.constantFrom(...EVENT_TYPES, ...HOSTILE_KEYS), anyJson),
			event: fc.oneof(fc.string(), anyJson),
			data: fc.oneof(
				anyJson,
				fc.record({
					shouldRemove: anyJson,
					message: anyJson,
					premium: anyJson,
					on: anyJson,
					extraSettings: fc.dictionary(key, anyJson),
					dynamic: fc.dictionary(key, anyJson)
				})
			)
		},
		{ requiredKeys: ['type'] }
	)
	.map((o) => JSON.stringify(o));
const nonText = fc.oneof(
	fc.anything(),
	fc.constant(new ArrayBuffer(8)),
	fc.constant(new Uint8Array([123, 125])),
	fc.constant(undefined),
	fc.constant(
		new Proxy(
			{},
			{
				get() {
					throw new Error('trap');
				}
			}
		)
	)
);
const frame = fc.oneof(
	{ arbitrary: fc.string({ maxLength: 200 }), weight: 3 },
	{ arbitrary: anyJson.map((j) => JSON.stringify(j)), weight: 3 },
	{ arbitrary: replyLike, weight: 4 },
	{ arbitrary: envelopeLike, weight: 4 },
	{ arbitrary: pollutingText, weight: 2 },
	{ arbitrary: nonText, weight: 2 },
	{ arbitrary: fc.integer({ min: 10, max: 2000 }).map((n) => deep(n, '[', ']')), weight: 1 },
	{
		arbitrary: fc
			.integer({ min: 10, max: 2000 })
			.map((n) => deep(n, '{"a":', '}').replace(/}+$/, (m) => 'null' + m)),
		weight: 1
	},
	{
		arbitrary: fc.constantFrom(
			HUGE,
			BIG_INSIDE,
			VERY_DEEP,
			'',
			'null',
			'true',
			'"str"',
			'1e400',
			'{"type":""}'
		),
		weight: 1
	}
);

function prototypeFingerprint() {
	const of = (o: object) =>
		Object.getOwnPropertyNames(o).sort().join(',') + '|' + Object.getOwnPropertySymbols(o).length;
	return {
		object: of(Object.prototype),
		array: of(Array.prototype),
		func: of(Function.prototype),
		string: of(String.prototype),
		proto: Object.getPrototypeOf({}) === Object.prototype,
		toString: Object.prototype.toString,
		hasOwn: Object.prototype.hasOwnProperty
	};
}

describe('hostile frames', () => {
	const ws = fakeWebSocketClass();
	const socket = new ApiSocket({
		frame: (message) => v.is(ClientMessageSchema, message),
		url: 'ws://h:1/api?token=T',
		address: 'h:1',
		WebSocket: ws.Ctor,
		probe: async () => 'reachable',
		requestTimeoutMs: 10 * 60_000
	});
	const parserFailures: unknown[] = [];
	const waiting: Promise<unknown>[] = [];
	let contexts: string[] = [];

	beforeAll(async () => {
		socket.onEvent((envelope: Envelope) => {
			try {
				parseChatEvent(envelope);
				parseAlertEvent(envelope);
				parseStatesEvent(envelope);
				parsePremiumEvent(envelope);
			} catch (error) {
				parserFailures.push(error);
			}
		});
		socket.start();
		await new Promise((r) => setTimeout(r, 5));
		ws.latest().open();
		for (const name of ['a', 'b', 'c'])
			waiting.push(socket.command('get-variable-value', { name }, true));
		contexts = (ws.latest().sentJson() as { context: string }[]).map((m) => m.context);
		expect(socket.pendingCount).toBe(3);
	});
	afterAll(() => socket.stop());

	it('survives 12,000 random and hostile frames with nothing outside the parser changed', () => {
		const before = prototypeFingerprint();
		let count = 0;
		fc.assert(
			fc.property(frame, (raw) => {
				count++;
				expect(() => socket.handleFrame(raw)).not.toThrow();
				// Spot checks inside the loop make a pollution fail at the frame that caused it.
				expect(({} as Record<string, unknown>).polluted).toBeUndefined();
			}),
			{ numRuns: 12_000 }
		);
		expect(count).toBe(12_000);
		expect(prototypeFingerprint()).toEqual(before);
		expect(socket.pendingCount).toBe(3);
		expect(parserFailures).toEqual([]);
		expect(socket.stats.frames).toBeGreaterThanOrEqual(12_000);
		expect(socket.stats.invalidFrames).toBeGreaterThan(1000);
		expect(socket.status).toBe('open');
	}, 90_000);

	it('survives nesting a million levels deep, once', () => {
		for (const raw of [deep(1_000_000, '[', ']'), deep(1_000_000, '{"a":', '}')])
			expect(() => socket.handleFrame(raw)).not.toThrow();
		expect(socket.pendingCount).toBe(3);
	});

	it('still settles the waiting requests by their own context afterwards', async () => {
		for (const c of contexts)
			ws.latest().receive(
				JSON.stringify({ event: 'socketapi:response', context: c, status: 200, message: c })
			);
		const outcomes = await Promise.all(waiting);
		expect(outcomes.map((o) => (o as { message: unknown }).message)).toEqual(contexts);
	});
});

describe('hostile frames through the whole client', () => {
	it('keeps the client consistent and prototypes clean over 3,000 frames', async () => {
		const ws = fakeWebSocketClass();
		const { fetch } = fakeFetch((r) =>
			r.path === '/api/meta'
				? { status: 200, body: CURRENT_META }
				: r.path === '/api/premium'
					? { status: 200, body: { status: 200, data: { premium: false } } }
					: { status: 200, body: { status: 200, data: SETTINGS_DATA } }
		);
		const client = new StreamClient({
			check: checkSend,
			connection: { token: 'T', host: 'h', port: 1, secure: false },
			fetch,
			WebSocket: ws.Ctor
		});
		const seen: unknown[] = [];
		client.on('*', (e) => seen.push(e.type));
		client.start();
		await new Promise((r) => setTimeout(r, 5));
		ws.latest().open();
		const before = prototypeFingerprint();
		fc.assert(
			fc.property(frame, (raw) => {
				expect(() => ws.latest().receive(raw)).not.toThrow();
				expect(typeof client.premium === 'boolean' || client.premium === undefined).toBe(true);
			}),
			{ numRuns: 3000 }
		);
		expect(prototypeFingerprint()).toEqual(before);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(client.status).toBe('open');
		expect(seen.length).toBeGreaterThan(0);
		client.destroy();
	}, 60_000);
});
