/**
 * Contract: every send type the spec names ("Valid type values" and "Also accepted") answers a
 * well-formed request, in both profiles; plus the types whose parameters the spec leaves "not shown"
 * (tts, overlays, fuze, queue) with their state.
 */
import { describe, expect, it } from 'vitest';
import { actionCatalogText, CATALOG, SEND_TYPES, type SendType } from '$lib/protocol';
import { OK, PROFILES, expectLint, useSim, type Api } from './harness';

/** One well-formed request per type; the Record type makes the compiler demand every catalog type. */
const EXAMPLES: Record<SendType, Record<string, unknown> | undefined> = {
	'chat-command': { value: 'lurk' },
	'chatbot-command': { value: 'socials' },
	'alpha-points': { value: 'Hydrate' },
	'alpha-extension': { value: 'Confetti' },
	'gamma-points': { value: 'Spotlight' },
	alert: { value: 'alpha-follower', extraSettings: { username: 'moss_moth' } },
	'studio-scene': { value: 'Just Chatting', duration: 5000 },
	'studio-theme': { value: 'Sunrise' },
	'studio-animation': { value: 'Rainbow Wave' },
	'chatbot-message': { value: 'hi chat', platform: 'alpha', userToChatAs: 'self' },
	'rgb-color': {
		value: { r: 255, g: 128, b: 0 },
		brightness: 80,
		transition: 100,
		duration: 2000,
		hold: false,
		lights: [{ type: 'brand_a', value: 'a1f0c2d4' }]
	},
	'hex-color': { value: '#ff8800' },
	'start-fuze': undefined,
	'stop-fuze': { value: false },
	'toggle-fuze': {},
	'set-fuze': { value: true },
	'fuze-audio-sensitivity': { value: 80 },
	'to-default': undefined,
	'set-app': { value: true },
	'start-app': {},
	'stop-app': { value: false },
	'toggle-stream-mode': {},
	'resume-queue': undefined,
	'pause-queue': undefined,
	'clear-queue': undefined,
	'clear-cooldowns': undefined,
	'set-command-state': { name: 'lurk', value: true, kind: 'chat' },
	'set-folder-state': { name: 'Hype', value: true },
	tts: { value: 'hello there', voice: 'en-US-Standard-A', volume: 60 },
	'update-variable-value': { name: 'deaths', value: '+1' },
	'get-variable-value': { name: 'deaths' },
	'create-chatbot-command': { name: 'brand new', message: 'hello' },
	'update-chatbot-command': { name: 'socials', message: 'updated' },
	'delete-chatbot-command': { value: 'spoilers' },
	'overlay-set-visibility': { layer: 'BRB Screen', value: true },
	'overlay-set-layer-visibility': { layer: 'layer-chat', value: false },
	'overlay-set-layer-position': {
		layer: 'layer-chat',
		x: 10,
		y: 20,
		transitionTime: 300,
		transitionInterpolation: 'ease-in-out'
	},
	'overlay-set-layer-size': {
		layer: 'layer-chat',
		width: 480,
		height: 640,
		transitionTime: 200,
		transitionInterpolation: 'linear'
	},
	'overlay-set-content': { layer: 'layer-now-playing', content: 'Up next: snacks' },
	'change-stream-title': { value: 'Chill stream', platform: 'alpha' },
	'change-current-category': { value: 'Just Chatting', platform: 'alpha' },
	'create-stream-marker': { value: 'highlight', platform: 'alpha' },
	clip: { platform: 'alpha' },
	'send-announcement': { value: 'Welcome!', platform: 'alpha' },
	'run-commercial': { duration: 60, platform: 'alpha' },
	'set-slow-mode': { value: true, duration: 10, platform: 'alpha' },
	'set-subscriber-mode': { value: true, platform: 'alpha' },
	'set-follow-mode': { value: true, duration: 60, platform: 'alpha' },
	'set-emotes-mode': { value: false, platform: 'alpha' },
	'create-poll': { name: 'Next game?', value: 'A,B,C', duration: 60, platform: 'alpha' },
	'end-poll': { platform: 'alpha' },
	'create-prediction': { name: 'Win?', value: 'Yes,No', duration: 60, platform: 'alpha' },
	'end-prediction': { name: 'CANCELED', platform: 'alpha' },
	'clear-chat': { platform: 'alpha' },
	'pin-message': { value: 'msg-1', platform: 'alpha' },
	'unpin-message': { platform: 'alpha' },
	'add-moderator': { value: 'moss_moth', platform: 'alpha' },
	'remove-moderator': { value: 'moss_moth', platform: 'alpha' },
	'song-request': { action: 'add', value: 'Paper Boats', username: 'moss_moth', platform: 'alpha' },
	'set-counter-value': { name: 'wins', value: 4 },
	'get-loyalty-points': { username: 'moss_moth', platform: 'alpha' },
	'run-actions': {
		actions: [{ base: 'app', type: 'chatbot', value: { message: 'from actions' } }]
	},
	'get-action-catalog': undefined,
	'translate-message': { value: 'hola', username: 'moss_moth', language: 'en', platform: 'alpha' },
	shoutout: { value: 'northwind_tv', platform: 'alpha' },
	'add-vip': { value: 'moss_moth', platform: 'alpha' },
	'remove-vip': { value: 'moss_moth', platform: 'alpha' },
	'ban-user': { value: 'troll', platform: 'beta' },
	'unban-user': { value: 'troll', platform: 'beta' },
	'timeout-user': { value: 'troll', platform: 'alpha', duration: 30, name: 'spam' },
	'delete-message': { value: 'msg-1', platform: 'alpha' },
	'add-loyalty-points': { value: 10, username: 'moss_moth', platform: 'alpha' }
};

/** Types that answer a value rather than `true`. */
const VALUE_ANSWERS: Partial<Record<SendType, unknown>> = {
	'get-variable-value': 7,
	'create-chatbot-command': 'brand-new',
	'get-loyalty-points': 1520,
	'add-loyalty-points': 1530,
	'get-action-catalog': actionCatalogText()
};

async function state(api: Api): Promise<Record<string, unknown>> {
	return (await api.control('state')).json as Record<string, unknown>;
}

describe.each(PROFILES)('every send type answers a well-formed request (%s)', (profile) => {
	const sim = useSim(profile);

	it.each(SEND_TYPES)('%s', async (type) => {
		const answer = await sim.api.send(type, EXAMPLES[type]);
		const gated = CATALOG[type].feature !== undefined && profile === 'legacy';
		if (gated) {
			expect([answer.status, answer.text]).toEqual([
				400,
				`unknown_type: type "${type}" is not a valid send type. Call GET /api/retrieve to list valid types.`
			]);
			return;
		}
		const expected = type in VALUE_ANSWERS ? { message: VALUE_ANSWERS[type], status: 200 } : OK;
		expect([answer.status, answer.json]).toEqual([200, expected]);
	});

	it('set-fuze, listed in data.types, is served like the other fuze types', async () => {
		expect((await sim.api.send('set-fuze', { value: true })).json).toEqual(OK);
		expect(((await state(sim.api)).states as { fuze: number }).fuze).toBe(1);
	});
});

describe.each(PROFILES)('types whose parameters the spec leaves "not shown" (%s)', (profile) => {
	const sim = useSim(profile);

	it('tts speaks with the voice named by id or label, "random", or the default for an unknown voice', async () => {
		for (const voice of ['Oliver (UK)', 'random', 'nobody'])
			expect((await sim.api.send('tts', { value: 'hi', voice })).json).toEqual(OK);
		const log = (await sim.api.control('requests')).json as { requests: { note?: string }[] };
		expect(log.requests.at(-1)!.note).toBe('unknown voice "nobody": default voice used');
		const loud = await sim.api.send('tts', { value: 'hi', volume: 101 });
		expect([loud.status, loud.text]).toEqual([400, 'params.volume must be between 0 and 100']);
	});

	it('overlay types change what the full retrieve shows', async () => {
		await sim.api.send('overlay-set-visibility', { layer: 'brb screen', value: true });
		await sim.api.send('overlay-set-visibility', { layer: '3f7c1e0a-2d4b-4c1e-9a51-7b3c0f2e8d11' });
		await sim.api.send('overlay-set-layer-position', { layer: 'layer-chat', x: 1, y: 2 });
		await sim.api.send('overlay-set-content', { layer: 'layer-now-playing', content: 'New text' });
		const options = (
			(await sim.api.get('/api/retrieve')).json as {
				data: {
					options: { overlays: { visible: boolean }[]; overlayLayers: Record<string, unknown>[] };
				};
			}
		).data.options;
		expect(options.overlays.map((o) => o.visible)).toEqual([false, true]);
		expect(options.overlayLayers[0]).toEqual({
			id: 'layer-chat',
			overlay: 'Main Overlay',
			type: 'chat',
			visible: true,
			x: 1,
			y: 2,
			width: 420,
			height: 600
		});
		expect(options.overlayLayers[2]).toEqual({
			id: 'layer-now-playing',
			overlay: 'Main Overlay',
			type: 'text',
			visible: true,
			x: 20,
			y: 20,
			width: 500,
			height: 80,
			content: 'New text'
		});
	});

	it('overlay-set-layer-size changes the size it is given and keeps an omitted dimension (facts §5.11)', async () => {
		const layer = async (id: string) =>
			((await state(sim.api)).layers as { id: string }[]).find((l) => l.id === id);
		expect(
			(
				await sim.api.send('overlay-set-layer-size', {
					layer: 'layer-alerts',
					width: 800,
					transitionTime: 250,
					transitionInterpolation: 'ease'
				})
			).json
		).toEqual(OK);
		expect(await layer('layer-alerts')).toMatchObject({
			width: 800,
			height: 400,
			transitionTime: 250,
			transitionInterpolation: 'ease'
		});
		expect(
			(await sim.api.send('overlay-set-layer-size', { layer: 'layer-alerts', height: 300 })).json
		).toEqual(OK);
		expect(await layer('layer-alerts')).toMatchObject({ width: 800, height: 300 });
		const bad = await sim.api.send('overlay-set-layer-size', { width: 10 });
		expect([bad.status, bad.text]).toEqual([400, 'params.layer is required']);
	});

	it('overlay-set-layer-position without x or y answers success and stores the literal "undefined" (facts §5.11), with a lint note', async () => {
		expectLint('params.y is missing', 'params.x is missing');
		const layer = async (id: string) =>
			((await state(sim.api)).layers as { id: string }[]).find((l) => l.id === id);
		expect(
			(await sim.api.send('overlay-set-layer-position', { layer: 'layer-chat', x: 5 })).json
		).toEqual(OK);
		expect(await layer('layer-chat')).toMatchObject({ x: 5, y: 'undefined' });
		expect(
			(await sim.api.send('overlay-set-layer-position', { layer: 'layer-alerts', y: 7 })).json
		).toEqual(OK);
		expect(await layer('layer-alerts')).toMatchObject({ x: 'undefined', y: 7 });
		const log = (await sim.api.control('requests')).json as { requests: { lint?: string[] }[] };
		expect(log.requests.at(-1)!.lint).toEqual([
			'params.x is missing; the application answers success and stores the literal string "undefined" (send a number)'
		]);
		const bad = await sim.api.send('overlay-set-layer-position', { x: 1, y: 2 });
		expect([bad.status, bad.text]).toEqual([400, 'params.layer is required']);
	});

	it('the undocumented types the application accepts answer true, each with a lint note naming the type (facts §5.11, §5.13)', async () => {
		expectLint(
			'"overlay-screenshot" is not in the spec',
			'"hud-toggle" is not in the spec',
			'"hud-volume-set"',
			'"hud-opacity-set"',
			'"hud-overlay-change"',
			'"send-music_player-command"',
			'"modqueue-decision"'
		);
		expect((await sim.api.send('overlay-screenshot', { name: 'brb screen' })).json).toEqual(OK);
		const path = await sim.api.send('get-variable-value', { name: 'last_overlay_screenshot_path' });
		expect((path.json as { message: string }).message).toMatch(
			/^screenshots\/8a2d9c44-1f0e-4b7a-b3c2-5e6f7a8b9c0d-\d+\.png$/
		);
		expect((await sim.api.send('overlay-screenshot', { name: 'nobody' })).json).toEqual(OK);
		for (const [type, params] of [
			['hud-toggle', undefined],
			['hud-volume-set', { value: 40 }],
			['hud-opacity-set', { value: 0.5 }],
			['hud-overlay-change', { value: 'BRB Screen' }]
		] as const)
			expect((await sim.api.send(type, params)).json).toEqual(OK);
		expect((await state(sim.api)).hud).toEqual({
			visible: true,
			volume: 40,
			opacity: 0.5,
			overlay: 'BRB Screen'
		});
		expect(
			(await sim.api.send('send-music_player-command', { type: 'setVolume', value: 30 })).json
		).toEqual(OK);
		expect(
			(await sim.api.send('send-music_player-command', { type: 'dance', value: 1 })).json
		).toEqual(OK);
		expect((await state(sim.api)).musicPlayerCommands).toEqual([{ type: 'setVolume', value: 30 }]);
		expect(
			(await sim.api.send('modqueue-decision', { modQueueId: 'mq-1', approved: 'true' })).json
		).toEqual(OK);
		const log = (await sim.api.control('requests')).json as { requests: { lint?: string[] }[] };
		expect(log.requests.at(-1)!.lint).toEqual([
			'type "modqueue-decision" is not in the spec; the application accepts it (protocol facts §5.13)'
		]);
	});

	it('the undocumented chat type posts a fake incoming line that can trigger a chat command (facts §5.15), with a lint note', async () => {
		expectLint('"chat" is not in the spec');
		const socket = await sim.api.socket();
		expect((await sim.api.send('chat', { value: 'hello from the test' })).json).toEqual(OK);
		const plain = (await socket.next((f) => f.type === 'chat')) as {
			origin: string;
			data: { message: string; extraSettings: { username: string } };
		};
		expect([plain.origin, plain.data.message, plain.data.extraSettings.username]).toEqual([
			'alpha',
			'hello from the test',
			'test_viewer'
		]);
		expect(
			(
				await sim.api.send('chat', {
					value: { site: 'gamma', message: '!lurk going quiet', user: 'Bob', id: 'm-77' }
				})
			).json
		).toEqual(OK);
		const line = (await socket.next((f) => f.type === 'chat')) as {
			origin: string;
			data: { extraSettings: { username: string; messageId: string } };
		};
		expect([
			line.origin,
			line.data.extraSettings.username,
			line.data.extraSettings.messageId
		]).toEqual(['gamma', 'bob', 'm-77']);
		const command = (await socket.next((f) => f.type === 'command')) as {
			origin: string;
			data: { username: string; command: string };
		};
		expect([command.origin, command.data.username, command.data.command]).toEqual([
			'gamma',
			'Bob',
			'lurk'
		]);
		socket.close();
	});

	it('the fuze types share one handler: true starts, false stops, omitted toggles', async () => {
		const fuze = async () => ((await state(sim.api)).states as { fuze: number }).fuze;
		await sim.api.send('stop-fuze');
		expect(await fuze()).toBe(1);
		await sim.api.send('start-fuze', { value: false });
		expect(await fuze()).toBe(0);
		await sim.api.send('toggle-fuze', { value: true });
		expect(await fuze()).toBe(1);
	});

	it('fuze-audio-sensitivity, clear-cooldowns and the queue types answer success', async () => {
		for (const type of [
			'fuze-audio-sensitivity',
			'clear-cooldowns',
			'pause-queue',
			'resume-queue',
			'clear-queue'
		])
			expect(
				(await sim.api.send(type, type === 'fuze-audio-sensitivity' ? { value: 50 } : undefined))
					.json
			).toEqual(OK);
		expect((await state(sim.api)).lights).toMatchObject({ fuzeSensitivity: 50 });
		// Without a value it is not refused (protocol facts §5.4) and nothing changes.
		expect((await sim.api.send('fuze-audio-sensitivity', {})).json).toEqual(OK);
		expect((await state(sim.api)).lights).toMatchObject({ fuzeSensitivity: 50 });
	});
});
