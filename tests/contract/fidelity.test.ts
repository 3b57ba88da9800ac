/**
 * Contract: the last answers that differed from the application's (issue 31, rows 1–9), in both
 * profiles, and the same requests under --strict where the answer relies on leniency.
 */
import { describe, expect, it } from 'vitest';
import { OK, PROFILES, TOKEN, expectLint, useSim, type Api } from './harness';

type Logged = { transport: string; type?: string; status: number; lint?: string[]; note?: string };
const lastLogged = async (api: Api, transport = 'http'): Promise<Logged | undefined> =>
	((await api.control('requests')).json as { requests: Logged[] }).requests
		.filter((r) => r.transport === transport && r.type)
		.at(-1);
const state = async (api: Api) =>
	(await api.control('state')).json as {
		prediction?: { status: string };
		lights: { current?: { value: unknown; brightness: number } };
	};

const STRICT = ' (refused: the simulator runs in strict mode)';

describe.each(PROFILES)('issue 31: answers as the application gives them (%s)', (profile) => {
	const sim = useSim(profile);
	const legacy = profile === 'legacy';

	it('row 1: end-prediction CANCELED with a value cancels the prediction (spec: value ignored)', async () => {
		expect(
			(
				await sim.api.send('create-prediction', {
					name: 'Boss?',
					value: 'yes, no',
					duration: 60,
					platform: 'alpha'
				})
			).json
		).toEqual(OK);
		expectLint('params.value is not a string and is ignored when cancelling');
		const answer = await sim.api.send('end-prediction', {
			name: 'CANCELED',
			value: 5,
			platform: 'alpha'
		});
		expect([answer.status, answer.json]).toEqual([200, OK]);
		expect((await state(sim.api)).prediction?.status).toBe('CANCELED');
	});

	it('row 1: end-prediction CANCELED with a string value cancels without a note (the spec allows it)', async () => {
		await sim.api.send('create-prediction', {
			name: 'Boss?',
			value: 'yes, no',
			duration: 60,
			platform: 'alpha'
		});
		expect(
			(await sim.api.send('end-prediction', { name: 'CANCELED', value: 'yes', platform: 'alpha' }))
				.json
		).toEqual(OK);
		expect((await state(sim.api)).prediction?.status).toBe('CANCELED');
		expect((await lastLogged(sim.api))?.lint).toBeUndefined();
	});

	it('row 2: song-request add with a numeric value is not validated: its text is the query, with a lint note', async () => {
		expectLint(
			'params.value is not a string; the application does not validate it and reads it as text'
		);
		const answer = await sim.api.send('song-request', { action: 'add', value: 1999 });
		expect([answer.status, answer.json]).toEqual([200, OK]);
		const queue = (await sim.api.variable('songrequest_queue')) as { title: string }[];
		expect(queue.at(-1)?.title).toBe('1999');
	});

	it("row 3: a websocket command carrying the legacy SDK's lsorigin runs, with a lint note", async () => {
		expectLint(
			"frame.lsorigin is the legacy SDK's marker of its command packs; the application ignores it"
		);
		const s = await sim.api.socket();
		const replies = await s.repliesAfter({
			type: 'set-counter-value',
			params: { name: 'wins', value: 4 },
			lsorigin: 'app-sdk',
			context: 'sdk-1'
		});
		// Old versions send no command replies (facts §3.3).
		expect(replies).toEqual(
			legacy ? [] : [{ event: 'socketapi:response', context: 'sdk-1', status: 200, message: true }]
		);
		expect(await sim.api.variable('wins')).toBe(4);
		expect(await lastLogged(sim.api, 'ws')).toMatchObject({
			type: 'set-counter-value',
			status: 200
		});
	});

	it('row 3: any other stray top-level field of a websocket command is ignored the same way', async () => {
		expectLint(
			'frame.extra is not a field of a send; the application reads only type, params, context and ignores it'
		);
		const s = await sim.api.socket();
		await s.repliesAfter({
			type: 'set-counter-value',
			params: { name: 'wins', value: 6 },
			extra: true
		});
		expect(await sim.api.variable('wins')).toBe(6);
	});

	it('row 4: a REST body with an extra top-level key is served, with a lint note', async () => {
		expectLint(
			'body.extra is not a field of a send; the application reads only type, params and ignores it'
		);
		const answer = await sim.api.post(
			'/api/send',
			'{"type":"set-counter-value","params":{"name":"wins","value":9},"extra":1}'
		);
		expect([answer.status, answer.json]).toEqual([200, OK]);
		expect((await lastLogged(sim.api))?.lint).toEqual([
			'body.extra is not a field of a send; the application reads only type, params and ignores it'
		]);
		expect(await sim.api.variable('wins')).toBe(9);
	});

	it('row 5 (a choice): rgb-color {r: 300} is queued and answered success; the run changes nothing; a lint note', async () => {
		const before = (await state(sim.api)).lights.current;
		expectLint('params.value is out of range (r, g and b each 0–255)');
		const answer = await sim.api.send('rgb-color', { value: { r: 300 } });
		expect([answer.status, answer.json]).toEqual([200, OK]);
		expect((await state(sim.api)).lights.current).toEqual(before);
		expect((await lastLogged(sim.api))?.note).toContain('the run changes nothing');
	});

	it('row 5: a colour of the wrong kind is still a plain 400', async () => {
		const answer = await sim.api.send('rgb-color', { value: { r: 'red' } });
		expect([answer.status, answer.isJson]).toEqual([400, false]);
		expect(answer.text).toContain('params.value');
	});

	it('row 6 (a choice): brightness 150 is queued and answered success; the run changes nothing; a lint note', async () => {
		const before = (await state(sim.api)).lights.current;
		expectLint('params.brightness is out of range (0–100, facts §5.15)');
		for (const type of ['rgb-color', 'hex-color'] as const) {
			const answer = await sim.api.send(type, {
				value: type === 'rgb-color' ? [10, 20, 30] : '#102030',
				brightness: 150
			});
			expect([answer.status, answer.json]).toEqual([200, OK]);
		}
		expect((await state(sim.api)).lights.current).toEqual(before);
		// In range, the same colour runs.
		expect(
			(await sim.api.send('rgb-color', { value: [10, 20, 30], brightness: 100 })).json
		).toEqual(OK);
		expect((await state(sim.api)).lights.current).toMatchObject({
			value: [10, 20, 30],
			brightness: 100
		});
	});

	it('row 7: update-variable-value with "" on a counter holding 3 is accepted (facts §5.10) and keeps 3', async () => {
		await sim.api.send('set-counter-value', { name: 'deaths', value: 3 });
		const answer = await sim.api.send('update-variable-value', { name: 'deaths', value: '' });
		expect([answer.status, answer.json]).toEqual([200, OK]);
		expect(await sim.api.variable('deaths')).toBe(3);
		expect(
			(await sim.api.send('update-variable-value', { name: 'deaths', value: false })).json
		).toEqual(OK);
		expect(await sim.api.variable('deaths')).toBe(3);
	});

	it('row 8: set-command-state with an unknown kind', async () => {
		const answer = await sim.api.send('set-command-state', {
			name: 'lurk',
			value: false,
			kind: 'mystery'
		});
		if (!legacy) {
			// The current version checks kind: a plain 400 naming the field.
			expect([answer.status, answer.isJson]).toEqual([400, false]);
			expect(answer.text).toContain('params.kind must be one of chat, chatbot');
			return;
		}
		// An older version does not read kind (facts §10): it acts on the chat command of that name.
		expectLint(
			'params.kind is not read by versions without name-validation; the application acts on the chat command of that name'
		);
		expect([answer.status, answer.json]).toEqual([200, OK]);
		const snapshot = (await sim.api.control('state')).json as {
			commands: { chat: { name: string; on: boolean }[] };
		};
		expect(snapshot.commands.chat.find((c) => c.name === 'lurk')).toEqual({
			name: 'lurk',
			on: false
		});
	});

	it('row 8: kind chat (the default) on either version draws no note', async () => {
		expect(
			(await sim.api.send('set-command-state', { name: 'lurk', value: false, kind: 'chat' })).json
		).toEqual(OK);
		expect((await lastLogged(sim.api))?.lint).toBeUndefined();
	});

	it('row 9 (a choice): POST /api/mcp answers a JSON-RPC error where the MCP endpoint exists, 404 where it does not', async () => {
		const call = await sim.api.post(
			'/api/mcp',
			{ jsonrpc: '2.0', id: 1, method: 'tools/list' },
			{
				token: null,
				headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` }
			}
		);
		const garbled = await sim.api.post('/api/mcp', '{"jsonrpc":', {
			token: null,
			headers: { Authorization: `Bearer ${TOKEN}` }
		});
		const get = await sim.api.get('/api/mcp');
		if (legacy) {
			expect([call.status, garbled.status, get.status]).toEqual([404, 404, 404]);
			return;
		}
		expect([call.status, call.json]).toEqual([
			200,
			{
				jsonrpc: '2.0',
				id: 1,
				error: { code: -32601, message: 'Method not found: the simulator serves no MCP tools' }
			}
		]);
		expect([garbled.status, garbled.json]).toEqual([
			400,
			{ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
		]);
		expect(get.status).toBe(405);
		expect((await sim.api.post('/api/mcp', {}, { token: 'wrong' })).status).toBe(401);
	});
});

describe.each(PROFILES)(
	'issue 31 under --strict: each lenient answer is a plain 400 (%s)',
	(profile) => {
		const sim = useSim(profile, { strict: true });

		it.each([
			[
				'row 1',
				'end-prediction',
				{ name: 'CANCELED', value: 5, platform: 'alpha' },
				'params.value is not a string and is ignored when cancelling (spec: CANCELED, value ignored); leave it out'
			],
			[
				'row 2',
				'song-request',
				{ action: 'add', value: 1999 },
				'params.value is not a string; the application does not validate it and reads it as text (send a string)'
			],
			[
				'row 5',
				'rgb-color',
				{ value: { r: 300 } },
				'params.value is out of range (r, g and b each 0–255); the application queues it and answers success, and the run changes nothing (send a value in range)'
			],
			[
				'row 6',
				'rgb-color',
				{ value: [1, 2, 3], brightness: 150 },
				'params.brightness is out of range (0–100, facts §5.15); the application queues it and answers success, and the run changes nothing (send a value in range)'
			]
		])('%s: %s %j', async (_row, type, params, note) => {
			expectLint(note);
			const answer = await sim.api.send(type, params);
			expect([answer.status, answer.isJson, answer.text]).toEqual([400, false, note + STRICT]);
		});

		it('row 4: a REST body with an extra top-level key', async () => {
			const note =
				'body.extra is not a field of a send; the application reads only type, params and ignores it';
			expectLint(note);
			const answer = await sim.api.post('/api/send', '{"type":"to-default","params":{},"extra":1}');
			expect([answer.status, answer.isJson, answer.text]).toEqual([400, false, note + STRICT]);
		});

		it('row 3: a websocket command with lsorigin', async () => {
			const note =
				"frame.lsorigin is the legacy SDK's marker of its command packs; the application ignores it (leave it out)";
			expectLint(note);
			const s = await sim.api.socket();
			const replies = await s.repliesAfter({
				type: 'set-counter-value',
				params: { name: 'wins', value: 4 },
				lsorigin: 'app-sdk',
				context: 'sdk-1'
			});
			if (profile === 'current')
				expect(replies).toEqual([
					{ event: 'socketapi:response', context: 'sdk-1', status: 400, error: note + STRICT }
				]);
			expect(await sim.api.variable('wins')).not.toBe(4);
			expect(await lastLogged(sim.api, 'ws')).toMatchObject({
				type: 'set-counter-value',
				status: 400
			});
		});

		it('row 8: set-command-state with an unknown kind', async () => {
			const answer = await sim.api.send('set-command-state', {
				name: 'lurk',
				value: false,
				kind: 'mystery'
			});
			expect([answer.status, answer.isJson]).toEqual([400, false]);
			if (profile === 'current') expect(answer.text).toContain('params.kind must be one of');
			else {
				const note =
					'params.kind is not read by versions without name-validation; the application acts on the chat command of that name (leave it out)';
				expectLint(note);
				expect(answer.text).toBe(note + STRICT);
			}
		});
	}
);
