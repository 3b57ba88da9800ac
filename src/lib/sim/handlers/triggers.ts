/**
 * Triggering by name (commands, rewards, extensions, studio), alerts and chatbot messages.
 * Existence and the on/off state were checked by the dispatcher before these run.
 */
import type { CommandKind } from '../../protocol/vocabulary';
import { commandEnvelope } from '../events';
import type { Runtime } from '../runtime';
import { KIND_BY_OPTION_KEY, type ChatbotCommand, type CommandEntry } from '../state';
import { actorOf, extraOf, ok, str, type Handler, type HandlerTable, type Params } from './shared';

/** Which alert a redeemed reward or extension fires, and in what currency. */
const REDEMPTION_ALERT: Partial<Record<CommandKind, { alert: string; currency: string }>> = {
	'alpha-points': { alert: 'alpha-points', currency: 'points' },
	'alpha-extension': { alert: 'alpha-extension', currency: 'bits' },
	'gamma-points': { alert: 'gamma-points', currency: 'points' }
};

const primaryPlatform = (rt: Runtime) => rt.state.connectedPlatforms[0] ?? 'alpha';

const triggerCommand: Handler = (rt, params, type) => {
	const kind = KIND_BY_OPTION_KEY[type] ?? 'chat';
	const entry = rt.state.findCommand(kind, String(params.value));
	if (!entry) return ok(true, { note: 'unknown name: nothing happens' });
	const username = actorOf(rt, params);
	const extra = extraOf(params);
	const note = rt.enqueue(`${type} ${entry.name}`, params, () => {
		rt.emit(
			commandEnvelope('appstream', username, entry.name, rt.now(), {
				...extra,
				kind,
				originType: 'api',
				queueType: type
			})
		);
		if (kind === 'chatbot') {
			const reply = rt.template((entry as ChatbotCommand).message, { username, ...extra });
			rt.chatAs(primaryPlatform(rt), false, reply);
		}
		redeem(rt, kind, entry, username, extra);
	});
	return ok(true, { note });
};

function redeem(
	rt: Runtime,
	kind: CommandKind,
	entry: CommandEntry,
	username: string,
	extra: Record<string, unknown>
): void {
	const redemption = REDEMPTION_ALERT[kind];
	if (!redemption) return;
	const amount = entry.cost ?? 0;
	rt.fireAlert(
		redemption.alert,
		{ value: amount, name: entry.name, currency: redemption.currency },
		{
			...extra,
			command: entry.name,
			username: str(extra.username) ?? username.toLowerCase(),
			displayname: str(extra.displayname) ?? username,
			amount,
			currency: redemption.currency,
			message: str(extra.message) ?? ''
		}
	);
}

/** `dynamic` of an alert sent through the API, from its extra settings (alpha-follower: the username). */
export function dynamicFor(
	alertKey: string,
	extra: Record<string, unknown>
): Record<string, unknown> {
	const username = str(extra.username) ?? str(extra.displayname);
	const amount = extra.amount ?? extra.bits ?? extra.viewers ?? extra.value;
	if (/session/i.test(alertKey) && typeof amount === 'number')
		return { value: amount, total: amount, previousTotal: amount };
	if (amount !== undefined) return { value: amount, ...(username ? { username } : {}) };
	return { value: username ?? '', ...(username ? { username } : {}) };
}

const alert: Handler = (rt, params) => {
	const alertKey = String(params.value);
	// The alert carries what the request sent; only a request that names nobody is the streamer's.
	const sent = extraOf(params);
	const names = str(sent.username) !== undefined || str(sent.displayname) !== undefined;
	const extra = names
		? { ...sent }
		: { username: rt.state.streamer.toLowerCase(), displayname: rt.state.streamer, ...sent };
	let pushed = false;
	const note = rt.enqueue(`alert ${alertKey}`, params, () => {
		pushed = rt.fireAlert(alertKey, dynamicFor(alertKey, extra), extra);
	});
	if (note) return ok(true, { note });
	if (pushed) return ok(true, { note: 'alert pushed' });
	const why = !rt.state.alerts.has(alertKey)
		? 'alert not enabled in this setup'
		: 'stream mode is off';
	return ok(true, { note: `alert not pushed: ${why}` });
};

const studio =
	(slot: 'scene' | 'theme' | 'animation'): Handler =>
	(rt, params, type) => {
		const name = rt.state.resolveName(type, String(params.value));
		if (!name) return ok(true, { note: 'unknown name: nothing happens' });
		if (params.hold === true && slot !== 'animation') {
			if (slot === 'scene') rt.state.studio.defaultScene = name;
			else rt.state.studio.defaultTheme = name;
		}
		const note = rt.enqueue(`${type} ${name}`, params, () => {
			rt.state.studio[slot] = name;
		});
		return ok(true, { note });
	};

const PLATFORM_ALIASES_FOR_ALL = new Set(['appstream', 'app', '']);

const chatbotMessage: Handler = (rt, params: Params) => {
	const requested = str(params.platform)?.toLowerCase();
	const targets =
		requested === undefined || PLATFORM_ALIASES_FOR_ALL.has(requested)
			? rt.state.connectedPlatforms
			: rt.state.connectedPlatforms.filter((p) => p === requested);
	if (targets.length === 0)
		return ok(true, { note: `no connected chat on ${requested}: nothing sent` });
	const text = rt.template(String(params.value), extraOf(params));
	for (const platform of targets) rt.chatAs(platform, params.userToChatAs === 'self', text);
	return ok(true);
};

export const triggerHandlers: HandlerTable = {
	// Every type that runs a command by name: its kind (KIND_BY_OPTION_KEY) decides the rest.
	...Object.fromEntries(Object.keys(KIND_BY_OPTION_KEY).map((type) => [type, triggerCommand])),
	alert,
	'studio-scene': studio('scene'),
	'studio-theme': studio('theme'),
	'studio-animation': studio('animation'),
	'chatbot-message': chatbotMessage
};
