/**
 * Stream commands, chat modes and chat moderation. All are acknowledged without the platform's
 * verdict: these handlers only say, in `platformOutcome`, what the platform did.
 */
import { SERVICE_VARIABLES } from '../../protocol/vocabulary';
import { chatDeletionEnvelope } from '../events';
import type { Runtime } from '../runtime';
import { acknowledged, str, type Handler, type HandlerTable, type Params } from './shared';

const isLive = (rt: Runtime) => {
	const live = rt.getVariable('alpha_live');
	return live === true || live === 'true' || live === 1;
};

const user = (params: Params) => String(params.value).trim().replace(/^@/, '').toLowerCase();

/** The four chat-mode types read `false`, `off`, `0`, an empty string and a missing value as off. */
export function chatModeOn(value: unknown): boolean {
	if (value === undefined || value === null || value === false || value === 0) return false;
	if (typeof value === 'string')
		return !['false', 'off', '0', ''].includes(value.trim().toLowerCase());
	return Boolean(value);
}

const changeTitle: Handler = (rt, params) => {
	const platform = params.platform as 'alpha' | 'beta' | 'gamma';
	const title = rt.template(
		String(params.value),
		(params.extraSettings as Record<string, unknown>) ?? {}
	);
	rt.state.stream.title[platform] = title;
	return acknowledged(
		`title on ${platform} is now "${title}"${platform === 'beta' ? ' (broadcast title only)' : ''}`
	);
};

const changeCategory: Handler = (rt, params) => {
	const platform = params.platform as 'alpha' | 'gamma';
	rt.state.stream.category[platform] = String(params.value);
	return acknowledged(`category on ${platform} is now "${String(params.value)}"`);
};

const marker: Handler = (rt, params) => {
	if (!isLive(rt)) return acknowledged('refused by alpha: the channel is offline');
	rt.state.stream.markers.push({ description: str(params.value) ?? '', at: rt.now() });
	return acknowledged('stream marker created');
};

const clip: Handler = (rt) => {
	if (!isLive(rt)) return acknowledged('refused by alpha: the channel is offline');
	const id = rt.newId('Clip');
	const url = `https://clips.alpha.example/${id}`;
	rt.setVariable(SERVICE_VARIABLES.lastClipId, id);
	rt.setVariable(SERVICE_VARIABLES.lastClipUrl, url);
	rt.setVariable(SERVICE_VARIABLES.lastClipThumbnailUrl, `${url}/thumbnail.jpg`);
	rt.fireAlert('alpha-clip', undefined, {
		clipId: id,
		url,
		username: rt.state.streamer.toLowerCase(),
		displayname: rt.state.streamer
	});
	return acknowledged(`clip ${id} created`);
};

const announcement: Handler = (rt, params) => {
	rt.chatAs(
		'alpha',
		true,
		rt.template(String(params.value), (params.extraSettings as Record<string, unknown>) ?? {})
	);
	return acknowledged('announcement posted in the primary colour');
};

const commercial: Handler = (rt, params) => {
	// `value` stands in for a missing `duration` (spec); the catalog checked whichever is used.
	const duration = params.duration ?? params.value;
	rt.fireAlert('alpha-adStarted', { value: duration }, { duration });
	return acknowledged(`commercial of ${String(duration)} s started`);
};

const pin: Handler = (rt, params) => {
	rt.state.pinnedMessage = String(params.value);
	return acknowledged(`message ${String(params.value)} pinned`);
};

const unpin: Handler = (rt, params) => {
	const id = str(params.value);
	if (id && rt.state.pinnedMessage !== id)
		return acknowledged(`message ${id} was not pinned: nothing changes`);
	if (!rt.state.pinnedMessage) return acknowledged('no pinned message: nothing changes');
	rt.state.pinnedMessage = undefined;
	return acknowledged('pinned message unpinned');
};

const mode =
	(apply: (rt: Runtime, on: boolean, duration: number | undefined) => string): Handler =>
	(rt, params) =>
		acknowledged(
			apply(
				rt,
				chatModeOn(params.value),
				typeof params.duration === 'number' ? params.duration : undefined
			)
		);

const setMembership =
	(pick: (rt: Runtime) => Set<string>, add: boolean, what: string): Handler =>
	(rt, params) => {
		const name = user(params);
		if (add) pick(rt).add(name);
		else pick(rt).delete(name);
		return acknowledged(
			`${name} ${add ? 'is now' : 'is no longer'} ${what} on ${String(params.platform)}`
		);
	};

const timeout: Handler = (rt, params) => {
	const unit = params.platform === 'gamma' ? 'min' : 's';
	const seconds = Number(params.duration) * (unit === 'min' ? 60 : 1);
	rt.state.timeouts.set(user(params), {
		until: rt.now() + seconds * 1000,
		reason: str(params.name)
	});
	return acknowledged(
		`${user(params)} timed out for ${String(params.duration)} ${unit} on ${String(params.platform)}`
	);
};

const deleteMessage: Handler = (rt, params) => {
	rt.emit(chatDeletionEnvelope(String(params.platform), String(params.value), rt.now()));
	const local = params.platform === 'gamma' ? ' (removed from the local chat log only)' : '';
	return acknowledged(`message ${String(params.value)} deleted${local}`);
};

/** Posted by the bot for the named user, or by the streamer when no username is given. */
const translate: Handler = (rt, params) => {
	const who = typeof params.username === 'string' ? params.username : undefined;
	const line = `[${String(params.language)}] ${who ? `${who}: ` : ''}${String(params.value)}`;
	rt.chatAs(String(params.platform), who === undefined, line);
	return acknowledged(`translation to ${String(params.language)} posted`);
};

const shoutout: Handler = (rt, params) => {
	const target = String(params.value).trim().replace(/^@/, '');
	rt.chatAs(
		String(params.platform),
		false,
		`Go check out ${target} at https://${String(params.platform)}.example/${target.toLowerCase()} !`
	);
	return acknowledged(`shoutout for ${target} posted`);
};

export const streamHandlers: HandlerTable = {
	'change-stream-title': changeTitle,
	'change-current-category': changeCategory,
	'create-stream-marker': marker,
	clip,
	'send-announcement': announcement,
	'run-commercial': commercial,
	'clear-chat': () => acknowledged('every chat message deleted'),
	'pin-message': pin,
	'unpin-message': unpin,
	'add-moderator': setMembership((rt) => rt.state.moderators, true, 'a moderator'),
	'remove-moderator': setMembership((rt) => rt.state.moderators, false, 'a moderator'),
	'add-vip': setMembership((rt) => rt.state.vips, true, 'a VIP'),
	'remove-vip': setMembership((rt) => rt.state.vips, false, 'a VIP'),
	'ban-user': setMembership((rt) => rt.state.banned, true, 'banned'),
	'unban-user': setMembership((rt) => rt.state.banned, false, 'banned'),
	'timeout-user': timeout,
	'delete-message': deleteMessage,
	'translate-message': translate,
	shoutout,
	'set-slow-mode': mode((rt, on, duration) => {
		rt.state.chatModes.slow = { on, duration: duration ?? 30 };
		return on ? `slow mode on (${duration ?? 30} s)` : 'slow mode off';
	}),
	'set-subscriber-mode': mode((rt, on) => {
		rt.state.chatModes.subscriber = on;
		return `subscriber-only mode ${on ? 'on' : 'off'}`;
	}),
	'set-follow-mode': mode((rt, on, duration) => {
		rt.state.chatModes.follow = { on, duration: duration ?? 0 };
		return on ? `follower-only mode on (${duration ?? 0} min)` : 'follower-only mode off';
	}),
	'set-emotes-mode': mode((rt, on) => {
		rt.state.chatModes.emotes = on;
		return `emote-only mode ${on ? 'on' : 'off'}`;
	})
};
