/**
 * The widget builder's keys under /__share/widget-keys (behind the streamer's token, checked by the
 * caller): a share link of the `widget` profile per widget URL, with a name the streamer edits, the
 * widget and its options (to rebuild its URL), its creation time and last connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { BodyTooLarge, parseJson, readBody, sendJson } from './http-util';
import type { ShareLink, ShareStore } from './share-store';
import { fieldRuleParams, refusalFields, type Refusal } from '../lib/share/refusals';
import { ruleOfIssue } from '../lib/protocol/issue-rule';
// The companion's later lines, in the start log's language (start-lines.ts sets it; English otherwise).
import { m } from '../lib/paraglide/messages.js';

const Name = v.pipe(
	v.string('name must be a string'),
	v.trim(),
	v.minLength(1, 'name must not be empty'),
	v.maxLength(80, 'name must be at most 80 characters')
);
const Options = v.pipe(
	v.string('options must be the URL query of the widget'),
	v.maxLength(4096, 'options must be at most 4096 characters'),
	v.check((o) => !/[#\s]/.test(o), 'options must be a URL query (no # or spaces)')
);
const CreateSchema = v.object({
	name: Name,
	widget: v.pipe(
		v.string('widget must be a widget id'),
		v.regex(/^[a-z][a-z0-9-]{0,39}$/, 'widget must be a widget id such as alert-box')
	),
	options: v.optional(Options, '')
});
const UpdateSchema = v.pipe(
	v.object({ name: v.optional(Name), options: v.optional(Options) }),
	v.check((u) => u.name !== undefined || u.options !== undefined, 'send a name or options')
);

/** A widget key as the builder lists it; the key is only ever handed to the streamer's token. */
export function widgetKeyView(link: ShareLink) {
	return {
		id: link.id,
		key: link.key,
		name: link.name,
		widget: link.widget ?? '',
		options: link.options ?? '',
		createdAt: link.createdAt,
		lastConnectedAt: link.lastConnectedAt
	};
}

export interface WidgetKeyDeps {
	store: ShareStore;
	log: (line: string) => void;
	lanOrigins: () => string[];
}

export async function handleWidgetKeys(
	req: IncomingMessage,
	res: ServerResponse,
	path: string,
	{ store, log, lanOrigins }: WidgetKeyDeps
): Promise<void> {
	// Each with its kind, for the widget builder to say in its language (lib/share/refusals.ts).
	const fail = (status: number, code: string, refusal: Refusal, english?: string) =>
		sendJson(res, status, { status, code, ...refusalFields(refusal, english) });
	async function body<T>(schema: v.GenericSchema<unknown, T>): Promise<T | undefined> {
		let input: unknown;
		try {
			input = parseJson((await readBody(req, 16 * 1024)).toString('utf8'));
		} catch (err) {
			if (!(err instanceof BodyTooLarge)) throw err;
			fail(413, 'body_too_large', { kind: 'body_too_large' });
			return undefined;
		}
		const parsed = v.safeParse(schema, input);
		if (parsed.success) return parsed.output;
		const [issue] = parsed.issues;
		const field = v.getDotPath(issue) ?? 'body';
		fail(
			400,
			'invalid_widget_key',
			{ kind: 'invalid_field', params: { field, ...fieldRuleParams(field, ruleOfIssue(issue)) } },
			issue.message
		);
		return undefined;
	}

	if (path === '/__share/widget-keys' && req.method === 'GET')
		return sendJson(res, 200, {
			keys: store.listWidgetKeys().map(widgetKeyView),
			lanOrigins: lanOrigins()
		});
	if (path === '/__share/widget-keys' && req.method === 'POST') {
		const input = await body(CreateSchema);
		if (!input) return;
		const link = store.create({
			label: input.name,
			profile: 'widget',
			types: [],
			expiresAt: null,
			widget: input.widget,
			options: input.options
		});
		log(m.companion_widget_key_created({ name: link.name, widget: input.widget, id: link.id }));
		return sendJson(res, 201, widgetKeyView(link));
	}

	const match = /^\/__share\/widget-keys\/([0-9a-f]{1,64})(\/regenerate)?$/.exec(path);
	const id = match?.[1];
	const found = id === undefined ? undefined : store.get(id);
	if (!match || !found || found.profile !== 'widget')
		return fail(404, 'not_found', { kind: match ? 'no_widget_key' : 'no_widget_key_api' });
	if (match[2] && req.method === 'POST') {
		const link = store.regenerate(found.id)!;
		log(m.companion_widget_key_regenerated({ name: link.name, id: link.id }));
		return sendJson(res, 200, widgetKeyView(link));
	}
	if (!match[2] && req.method === 'PATCH') {
		const input = await body(UpdateSchema);
		if (!input) return;
		const link = store.update(found.id, { label: input.name, options: input.options })!;
		return sendJson(res, 200, widgetKeyView(link));
	}
	if (!match[2] && req.method === 'DELETE') {
		store.revoke(found.id);
		log(m.companion_widget_key_revoked({ name: found.name, id: found.id }));
		return sendJson(res, 200, { revoked: found.id });
	}
	return fail(405, 'method_not_allowed', {
		kind: 'method_not_used',
		params: { method: req.method ?? '' }
	});
}
