/** Types the application accepts outside the spec (protocol facts §5.11, §5.13): read leniently, as it does. */
import { MUSIC_PLAYER_COMMANDS, type UndocumentedType } from '../../protocol/undocumented';
import type { Runtime } from '../runtime';
import type { SendOutcome } from '../types';
import { chatEnvelope, commandEnvelope } from '../events';
import { findOverlay } from './misc';
import { ok, str } from './shared';

type Params = Record<string, unknown>;
const MUSIC = new Set<string>(MUSIC_PLAYER_COMMANDS);

export const undocumentedHandlers: Record<
	UndocumentedType,
	(rt: Runtime, params: Params) => SendOutcome
> = {
	// Always true (§5.11); the file name format is not public: `screenshots/<overlay id>-<ms>.png`.
	'overlay-screenshot': (rt, params) => {
		const id = findOverlay(rt, String(params.name ?? ''));
		if (!id)
			return ok(true, {
				note: `no overlay named "${String(params.name ?? '')}": no screenshot taken`
			});
		rt.setVariable('last_overlay_screenshot_path', `screenshots/${id}-${rt.now()}.png`);
		return ok(true);
	},
	'hud-toggle': (rt) => {
		rt.state.hud.visible = !rt.state.hud.visible;
		return ok(true);
	},
	'hud-volume-set': (rt, params) => {
		rt.state.hud.volume = params.value;
		return ok(true);
	},
	'hud-opacity-set': (rt, params) => {
		rt.state.hud.opacity = params.value;
		return ok(true);
	},
	'hud-overlay-change': (rt, params) => {
		rt.state.hud.overlay = params.value;
		return ok(true);
	},
	// An unknown command type silently no-ops (§5.13); a known one is recorded, the player itself is not modelled.
	'send-music_player-command': (rt, params) => {
		const type = String(params.type ?? '');
		if (!MUSIC.has(type))
			return ok(true, {
				note: `unknown music_player command "${type.slice(0, 60)}": nothing happens`
			});
		rt.state.musicPlayerCommands.push({ type, value: params.value });
		if (rt.state.musicPlayerCommands.length > 50) rt.state.musicPlayerCommands.shift();
		return ok(true);
	},
	// The simulator keeps no mod queue: a decision on an unknown item changes nothing.
	chat: (rt, params) => fakeIncomingChat(rt, params),
	'modqueue-decision': (_rt, params) =>
		ok(true, {
			note: `no pending mod-queue item "${String(params.modQueueId ?? '').slice(0, 60)}": nothing changes`
		})
};

/** Who a fake chat line comes from when the request names nobody (facts §5.15 do not say). */
export const FAKE_CHAT_USER = 'test_viewer';

/**
 * facts §5.15: `chat` injects an incoming chat line as if a viewer wrote it, through the chat pipeline:
 * it is pushed as a `chat` event and a `!name` line triggers that chat command. Queue-executed (§4.4).
 */
function fakeIncomingChat(rt: Runtime, params: Params): SendOutcome {
	const value = params.value;
	const given =
		typeof value === 'object' && value !== null && !Array.isArray(value)
			? (value as Params)
			: { message: value };
	const message = str(given.message) ?? '';
	if (!message) return ok(true, { note: 'no message: nothing posted' });
	const site = str(given.site) ?? rt.state.connectedPlatforms[0] ?? 'alpha';
	const user = str(given.user) ?? FAKE_CHAT_USER;
	const note = rt.enqueue(`chat ${site}`, params, () => {
		const line = chatEnvelope(
			site,
			{ username: user, userId: str(given.userId) },
			message,
			str(given.id) ?? rt.newId('msg'),
			rt.now()
		);
		rt.emit(line);
		const command = /^!(\S+)/.exec(message)?.[1];
		const entry = command ? rt.state.findCommand('chat', command) : undefined;
		if (entry && !rt.state.isDisabled(entry))
			rt.emit(commandEnvelope(site, user, entry.name, rt.now(), { originType: 'chat' }));
	});
	return ok(true, { note });
}
