/** Types the application accepts outside the spec (protocol facts §5.11, §5.13): read leniently, as it does. */
import { MUSIC_PLAYER_COMMANDS, type UndocumentedType } from '../../protocol/undocumented';
import type { Runtime } from '../runtime';
import type { SendOutcome } from '../types';
import { findOverlay } from './misc';
import { ok } from './shared';

type Params = Record<string, unknown>;
const MUSIC = new Set<string>(MUSIC_PLAYER_COMMANDS);

export const undocumentedHandlers: Record<UndocumentedType, (rt: Runtime, params: Params) => SendOutcome> = {
	// Always true (§5.11); the file name format is not public: `screenshots/<overlay id>-<ms>.png`.
	'overlay-screenshot': (rt, params) => {
		const id = findOverlay(rt, String(params.name ?? ''));
		if (!id) return ok(true, { note: `no overlay named "${String(params.name ?? '')}": no screenshot taken` });
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
		if (!MUSIC.has(type)) return ok(true, { note: `unknown music_player command "${type.slice(0, 60)}": nothing happens` });
		rt.state.musicPlayerCommands.push({ type, value: params.value });
		if (rt.state.musicPlayerCommands.length > 50) rt.state.musicPlayerCommands.shift();
		return ok(true);
	},
	// The simulator keeps no mod queue: a decision on an unknown item changes nothing.
	'modqueue-decision': (_rt, params) => ok(true, { note: `no pending mod-queue item "${String(params.modQueueId ?? '').slice(0, 60)}": nothing changes` })
};
