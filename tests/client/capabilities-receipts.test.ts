import { describe, expect, it } from 'vitest';
import { CATALOG, LEGACY_META, SEND_TYPES, type Meta, type SettingsData } from '$lib/protocol';
import { deriveCapabilities, platformNote, platformsFor } from '$lib/client/capabilities';
import { ClientError } from '$lib/client/errors';
import {
	restFailureOutcome,
	settleReceipt,
	socketOutcome,
	startReceipt
} from '$lib/client/receipts';
import { CURRENT_META, SETTINGS_DATA } from './support/fakes';

const settings = SETTINGS_DATA as unknown as SettingsData;

describe('capabilities', () => {
	it('offers everything until meta is known', () => {
		const caps = deriveCapabilities(undefined, undefined);
		expect(caps.known).toBe(false);
		expect(SEND_TYPES.every((t) => caps.offered(t))).toBe(true);
	});

	it('refuses types whose feature is missing, with the reason', () => {
		const caps = deriveCapabilities(LEGACY_META, settings);
		expect(caps.get('create-chatbot-command')).toMatchObject({
			offered: false,
			reason: 'needs an up-to-date application'
		});
		expect(caps.offered('run-actions')).toBe(false);
		expect(caps.offered('clear-queue')).toBe(true);
		expect(
			deriveCapabilities(CURRENT_META as Meta, settings).offered('create-chatbot-command')
		).toBe(true);
		expect(caps.has('ws-command-responses')).toBe(false);
		expect(caps.apiVersion).toBe(1);
	});

	it('refuses trigger types whose option list is empty or missing', () => {
		const caps = deriveCapabilities(CURRENT_META as Meta, settings);
		expect(caps.get('studio-scene')).toMatchObject({ offered: false, reason: 'not in this setup' });
		expect(caps.get('studio-animation')).toMatchObject({
			offered: false,
			reason: 'not in this setup'
		});
		expect(caps.get('chat-command')).toMatchObject({ offered: true, names: ['hello', 'lurk'] });
		expect(caps.get('studio-theme').names).toEqual(['Calm']);
		expect(caps.get('alert').offered).toBe(true);
		expect(caps.get('gamma-points').offered).toBe(false);
	});

	it('refuses types of the data.types vocabulary that this setup does not list, and only those', () => {
		const only = {
			...settings,
			types: ['chat-command', 'tts', 'toggle-fuze', 'set-fuze']
		} as SettingsData;
		const caps = deriveCapabilities(CURRENT_META as Meta, only);
		for (const type of [
			'clear-queue',
			'rgb-color',
			'hex-color',
			'to-default',
			'start-app',
			'chatbot-message',
			'alert',
			'studio-theme'
		] as const)
			expect(caps.get(type), type).toMatchObject({ offered: false, reason: 'not in this setup' });
		expect(caps.get('tts').offered).toBe(true);
		expect(caps.get('chat-command')).toMatchObject({ offered: true, names: ['hello', 'lurk'] });
		// The fuze trio: only toggle-fuze is a name of the list; start-fuze and stop-fuze are not gated by it.
		expect(caps.get('toggle-fuze').offered).toBe(true);
		expect(caps.get('start-fuze').offered).toBe(true);
		expect(caps.get('stop-fuze').offered).toBe(true);
		expect(
			deriveCapabilities(CURRENT_META as Meta, { ...only, types: ['chat-command'] }).get(
				'toggle-fuze'
			)
		).toMatchObject({ offered: false, reason: 'not in this setup' });
		// Types outside that vocabulary are not decided by data.types.
		for (const type of ['get-variable-value', 'set-counter-value', 'clip', 'song-request'] as const)
			expect(caps.get(type).reason, type).not.toBe('not in this setup');
		expect(caps.offered('get-variable-value')).toBe(true);
		// Until settings are read, and for a payload without types, nothing is refused by it.
		expect(deriveCapabilities(CURRENT_META as Meta, undefined).offered('clear-queue')).toBe(true);
		expect(
			deriveCapabilities(CURRENT_META as Meta, { ...only, types: [] }).offered('clear-queue')
		).toBe(true);
	});

	it('says which platforms a platform-bound type works on', () => {
		expect(platformsFor('clip')).toEqual(['alpha']);
		expect(platformsFor('tts')).toBeUndefined();
		const caps = deriveCapabilities(CURRENT_META as Meta, settings);
		expect(caps.get('clip')).toMatchObject({ offered: true, platformNote: 'alpha only' });
		expect(caps.get('ban-user').platformNote).toBe('alpha and beta');
		expect(caps.get('change-stream-title').platformNote).toBe('alpha, beta and gamma');
		expect(platformNote(undefined)).toBeUndefined();
	});

	it('limits set-command-state to chat commands on older versions', () => {
		expect(deriveCapabilities(LEGACY_META, settings).get('set-command-state').commandKinds).toEqual(
			['chat']
		);
		expect(
			deriveCapabilities(CURRENT_META as Meta, settings).get('set-command-state').commandKinds
		).toContain('alpha-points');
	});
});

describe('receipts', () => {
	const answered = (status: number, message: unknown = true) =>
		({ kind: 'answered', status, message }) as const;

	it('starts at sending', () => {
		const r = startReceipt('clear-queue', 'rest');
		expect(r).toMatchObject({ state: 'sending', label: 'sending…', transport: 'rest' });
	});

	it('ends acknowledged-only (stream) types at sent, labelled sent, even on a 200', () => {
		const stream = SEND_TYPES.filter((t) => CATALOG[t].acknowledgedOnly);
		expect(stream).toContain('run-commercial');
		for (const type of stream)
			expect(settleReceipt(startReceipt(type, 'rest'), answered(200), CATALOG[type])).toMatchObject(
				{
					state: 'sent',
					label: 'sent'
				}
			);
	});

	it('confirms a 200 for other types and keeps the value', () => {
		const r = settleReceipt(
			startReceipt('get-variable-value', 'rest'),
			answered(200, 12),
			CATALOG['get-variable-value']
		);
		expect(r).toMatchObject({ state: 'confirmed', label: 'done', value: 12 });
		expect(r.settledAt).toBeTypeOf('number');
	});

	it('ends at sent when the socket cannot answer', () => {
		expect(
			settleReceipt(startReceipt('clear-queue', 'socket'), { kind: 'sent' }, CATALOG['clear-queue'])
		).toMatchObject({
			state: 'sent'
		});
	});

	it('fails with the code and message of a socket failure reply', () => {
		const outcome = socketOutcome(
			{ kind: 'response', status: 404, error: 'No scene "x"', code: 'not_found' },
			'T',
			() => new ClientError({ kind: 'unreachable', message: 'lost' }),
			() => new ClientError({ kind: 'timeout', message: 't' })
		);
		const r = settleReceipt(
			startReceipt('studio-scene', 'socket'),
			outcome,
			CATALOG['studio-scene']
		);
		expect(r).toMatchObject({
			state: 'failed',
			error: { status: 404, code: 'not_found', message: 'No scene "x"' }
		});
	});

	it('reports lost and timed-out commands as unknown, not failed', () => {
		const lost = () => new ClientError({ kind: 'unreachable', message: 'lost' });
		const timeout = () => new ClientError({ kind: 'timeout', message: 't' });
		expect(
			settleReceipt(
				startReceipt('clear-queue', 'socket'),
				socketOutcome({ kind: 'lost' }, 'T', lost, timeout),
				CATALOG['clear-queue']
			).state
		).toBe('unknown');
		expect(
			settleReceipt(
				startReceipt('clear-queue', 'socket'),
				socketOutcome({ kind: 'timeout', afterMs: 5 }, 'T', lost, timeout),
				CATALOG['clear-queue']
			).state
		).toBe('unknown');
		expect(restFailureOutcome(new ClientError({ kind: 'timeout', message: 't' })).kind).toBe(
			'unknown'
		);
		expect(
			restFailureOutcome(new ClientError({ kind: 'http', status: 400, message: 'bad' })).kind
		).toBe('failed');
		expect(restFailureOutcome(new ClientError({ kind: 'unauthorized', message: '401' })).kind).toBe(
			'failed'
		);
	});

	it('reports a REST send whose request failed at the network level as unknown, never failed', () => {
		const reset = new ClientError({ kind: 'unreachable', message: 'it may or may not have run.' });
		expect(
			settleReceipt(
				startReceipt('clear-queue', 'rest'),
				restFailureOutcome(reset),
				CATALOG['clear-queue']
			)
		).toMatchObject({ state: 'unknown', label: 'outcome unknown', error: reset });
	});

	it('marks sends that change variables or songs, not reads, for the watchers', () => {
		const settle = (
			type: 'set-counter-value' | 'get-variable-value' | 'song-request' | 'clear-chat'
		) => settleReceipt(startReceipt(type, 'rest'), answered(200), CATALOG[type]).changesValues;
		expect(settle('set-counter-value')).toBe(true);
		expect(settle('song-request')).toBe(true);
		expect(settle('get-variable-value')).toBeUndefined();
		expect(settle('clear-chat')).toBeUndefined();
	});

	it('fails a false answer of the alpha-only pin types', () => {
		expect(
			settleReceipt(
				startReceipt('pin-message', 'rest'),
				answered(200, false),
				CATALOG['pin-message']
			).state
		).toBe('failed');
	});
});
