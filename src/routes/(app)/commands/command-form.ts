/** Chatbot command forms as data: what the create form sends, and only what the edit form changed. */
import { SYSTEM_CHATBOT_COMMANDS } from '$lib/protocol';

/** What the create and change forms both ask for (`CommandFields`); in the change form, `name` is the new name. */
export interface CommandText {
	name: string;
	message: string;
	description: string;
	aliases: string;
	cooldown: number | null;
}

export interface CreateFields extends CommandText {
	showInCommandsList: boolean;
	on: boolean;
}

/** Left empty or "unchanged", a field is not sent. */
export interface EditFields extends CommandText {
	showInCommandsList: '' | 'yes' | 'no';
	on: '' | 'yes' | 'no';
}

export const emptyEdit = (): EditFields => ({
	name: '',
	message: '',
	description: '',
	aliases: '',
	showInCommandsList: '',
	on: '',
	cooldown: null
});

export const aliasesOf = (text: string): string[] =>
	text
		.split(',')
		.map((a) => a.trim().replace(/^!+/, ''))
		.filter(Boolean);

export const isSystemCommand = (name: string): boolean =>
	(SYSTEM_CHATBOT_COMMANDS as readonly string[]).includes(
		name.trim().replace(/^!+/, '').toLowerCase()
	);

/** `cooldown` keeps whatever the input holds, so the shared schema names a broken rule (whole number, 0 or more). */
export function createParams(f: CreateFields): Record<string, unknown> {
	const aliases = aliasesOf(f.aliases);
	return {
		name: f.name,
		message: f.message,
		...(f.description.trim() ? { description: f.description.trim() } : {}),
		...(aliases.length ? { alias: aliases } : {}),
		showInCommandsList: f.showInCommandsList,
		on: f.on,
		...(f.cooldown !== null && f.cooldown !== undefined ? { cooldownDuration: f.cooldown } : {})
	};
}

/** Only the fields the streamer filled in; `undefined` when nothing would change. */
export function changedParams(
	name: string,
	f: EditFields,
	system: boolean
): Record<string, unknown> | undefined {
	const out: Record<string, unknown> = {};
	if (!system && f.name.trim()) out.newName = f.name.trim();
	if (f.message.trim()) out.message = f.message;
	if (f.description.trim()) out.description = f.description.trim();
	if (f.aliases.trim()) out.alias = aliasesOf(f.aliases);
	if (f.showInCommandsList) out.showInCommandsList = f.showInCommandsList === 'yes';
	if (f.on) out.on = f.on === 'yes';
	if (f.cooldown !== null && f.cooldown !== undefined) out.cooldownDuration = f.cooldown;
	return Object.keys(out).length ? { name, ...out } : undefined;
}
