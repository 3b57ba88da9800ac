/** Command and folder states, and chatbot command management (create, update, delete). */
import { commandSlug } from '../../protocol/names';
import { COMMAND_KINDS_FEATURE, type CommandKind } from '../../protocol/vocabulary';
import type { Runtime } from '../runtime';
import { isSystem, nameKey, type ChatbotCommand } from '../state';
import { fail, ok, str, type Handler, type HandlerTable, type Params } from './shared';

/** Stored without the chat prefix, lowercase, each run of spaces a dash (shared with the dashboard's preview). */
export const slugify = commandSlug;

/** What the platform does when a reward or extension command changes state (spec, States). */
const PLATFORM_SYNC: Partial<Record<CommandKind, (on: boolean) => string>> = {
	'alpha-points': (on) => (on ? 'reward enabled on alpha' : 'reward paused on alpha'),
	'gamma-points': () => 'reward updated on gamma',
	'alpha-extension': () => 'extension config recompiled'
};

const notFound = (what: string, name: string) =>
	fail(
		404,
		`No ${what} named "${name}" exists. Call GET /api/retrieve to list valid values.`,
		'not_found'
	);

const setCommandState: Handler = (rt, params) => {
	// Older applications handle only chat commands, whatever kind is sent.
	const kind = rt.has(COMMAND_KINDS_FEATURE) ? (params.kind as CommandKind) : 'chat';
	const name = String(params.name);
	const entry = rt.state.findCommand(kind, name);
	if (!entry)
		return rt.has('name-validation')
			? notFound(`${kind} command`, name)
			: ok(true, { note: 'unknown name: nothing happens' });
	entry.on = params.value === true;
	const sync = PLATFORM_SYNC[kind];
	return ok(true, { platformOutcome: sync?.(entry.on) });
};

const setFolderState: Handler = (rt, params) => {
	const folder = rt.state.folders.get(nameKey(String(params.name)));
	// Unknown folders are a silent no-op on the application (protocol facts §5.9).
	if (!folder) return ok(true, { note: 'unknown folder: nothing happens' });
	folder.on = params.value === true;
	return ok(true);
};

/** A chatbot command by its stored name (not by alias), case-insensitively. */
function byName(rt: Runtime, name: string): ChatbotCommand | undefined {
	return rt.state.chatbot.get(nameKey(slugify(name)));
}

const createChatbotCommand: Handler = (rt, params) => {
	const name = slugify(String(params.name));
	if (!name) return fail(400, 'params.name must contain letters or digits');
	if (rt.state.chatbot.has(nameKey(name)))
		return fail(409, `A chatbot command named "${name}" already exists.`, 'already_exists');
	rt.state.chatbot.set(nameKey(name), {
		name,
		message: String(params.message),
		description: str(params.description),
		alias: Array.isArray(params.alias)
			? params.alias.map((a) => slugify(String(a))).filter(Boolean)
			: [],
		// Defaults come from the catalog's schema (parsing applied them).
		showInCommandsList: params.showInCommandsList as boolean,
		on: params.on as boolean,
		cooldownDuration: params.cooldownDuration as number,
		system: false
	});
	return ok(name);
};

const UPDATABLE = [
	'message',
	'description',
	'showInCommandsList',
	'on',
	'cooldownDuration'
] as const;

const updateChatbotCommand: Handler = (rt, params) => {
	const name = String(params.name);
	const entry = byName(rt, name);
	if (!entry) return notFound('chatbot command', name);
	const newName = str(params.newName) === undefined ? undefined : slugify(String(params.newName));
	const renaming = newName !== undefined && nameKey(newName) !== nameKey(entry.name);
	if (renaming && entry.system)
		return fail(
			403,
			`"${entry.name}" is a system command and cannot be renamed.`,
			'system_command'
		);
	if (newName !== undefined && !newName)
		return fail(400, 'params.newName must contain letters or digits');
	if (renaming && rt.state.chatbot.has(nameKey(newName)))
		return fail(409, `A chatbot command named "${newName}" already exists.`, 'already_exists');
	for (const field of UPDATABLE)
		if (params[field] !== undefined) Object.assign(entry, { [field]: params[field] });
	if (Array.isArray(params.alias))
		entry.alias = params.alias.map((a) => slugify(String(a))).filter(Boolean);
	if (renaming) {
		rt.state.chatbot.delete(nameKey(entry.name));
		entry.name = newName;
		rt.state.chatbot.set(nameKey(newName), entry);
	}
	return ok(true);
};

const deleteChatbotCommand: Handler = (rt, params: Params) => {
	const name = String(params.value ?? params.name);
	const entry = byName(rt, name);
	if (!entry) return notFound('chatbot command', name);
	if (entry.system || isSystem(entry.name))
		return fail(
			403,
			`"${entry.name}" is a system command and cannot be deleted.`,
			'system_command'
		);
	rt.state.chatbot.delete(nameKey(entry.name));
	return ok(true);
};

export const commandHandlers: HandlerTable = {
	'set-command-state': setCommandState,
	'set-folder-state': setFolderState,
	'create-chatbot-command': createChatbotCommand,
	'update-chatbot-command': updateChatbotCommand,
	'delete-chatbot-command': deleteChatbotCommand
};
