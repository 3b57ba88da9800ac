/**
 * The send pipeline shared by POST /api/send and websocket commands: type and feature gate,
 * params validation with the protocol's `checkSend`, name checks before anything happens, then the
 * type's handler.
 */
import { CATALOG, isSendType, type SendType } from '../protocol/catalog';
import { typeText } from '../protocol/check-params';
import { describeIssues } from '../protocol/issues';
import { describeLint, readLeniently, type LintNote } from '../protocol/leniency';
import { checkSend } from '../protocol/send';
import {
	ENUM_KEY_REFUSAL,
	isEnumKeyOf,
	isUndocumentedType,
	undocumentedLint
} from '../protocol/undocumented';
import { makeActionHandlers } from './handlers/actions';
import { commandHandlers } from './handlers/commands';
import { lightHandlers } from './handlers/lights';
import { miscHandlers } from './handlers/misc';
import { pollHandlers } from './handlers/polls';
import { acknowledged, fail, ok, type Handler } from './handlers/shared';
import { songHandlers } from './handlers/songs';
import { streamHandlers } from './handlers/stream';
import { triggerHandlers } from './handlers/triggers';
import { undocumentedHandlers } from './handlers/undocumented';
import { variableHandlers } from './handlers/variables';
import type { Runtime } from './runtime';
import { KIND_BY_OPTION_KEY } from './state';
import type { MaybePromise, SendOutcome } from './types';
import type { ErrorCode } from '../protocol/vocabulary';

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

export class Dispatcher {
	private readonly handlers: Partial<Record<SendType, Handler>>;

	constructor(
		private readonly rt: Runtime,
		private readonly strict = false
	) {
		this.handlers = {
			...triggerHandlers,
			...lightHandlers,
			...commandHandlers,
			...variableHandlers,
			...songHandlers,
			...streamHandlers,
			...pollHandlers,
			...miscHandlers,
			...makeActionHandlers((type, params) => this.send(type, params))
		};
		// Every catalog type has a handler; a missing one is a simulator bug worth failing loudly on.
		const missing = Object.keys(CATALOG).filter((t) => !(t in this.handlers));
		if (missing.length) throw new Error(`simulator has no handler for: ${missing.join(', ')}`);
	}

	/**
	 * Runs one send. Never throws or rejects: an unexpected exception is a 500 naming the type. The
	 * outcome is ready at once, except for sends that wait (run-actions with delay steps).
	 */
	send(
		type: unknown,
		params: unknown,
		transportNotes: readonly LintNote[] = []
	): MaybePromise<SendOutcome> {
		const crashed = (err: unknown) =>
			fail(
				500,
				`internal simulator error while running ${typeText(type)}: ${(err as Error)?.message ?? String(err)}`
			);
		try {
			const outcome = this.run(type, params, transportNotes);
			return outcome instanceof Promise ? outcome.catch(crashed) : outcome;
		} catch (err) {
			return crashed(err);
		}
	}

	private run(
		type: unknown,
		params: unknown,
		transportNotes: readonly LintNote[]
	): MaybePromise<SendOutcome> {
		if (isEnumKeyOf(type, (t) => isSendType(t) || isUndocumentedType(t)))
			return fail(400, ENUM_KEY_REFUSAL);
		if (isUndocumentedType(type)) {
			// Accepted as the application accepts it; our client never sends these (a lint note, 400 when strict).
			const lint = [...transportNotes, undocumentedLint(type)].map(describeLint);
			if (this.strict)
				return {
					...fail(400, `${lint.join('; ')} (refused: the simulator runs in strict mode)`),
					lint
				};
			return { ...undocumentedHandlers[type](this.rt, isRecord(params) ? params : {}), lint };
		}
		if (!isSendType(type) || (CATALOG[type].feature && !this.rt.has(CATALOG[type].feature!)))
			return fail(
				400,
				`type "${typeText(type)}" is not a valid send type. Call GET /api/retrieve to list valid types.`,
				'unknown_type'
			);
		const rule = CATALOG[type];
		// The application's lenient reading first (ignored fields, numeric strings, truthiness…), each leniency a lint note.
		const reading = readLeniently(type, params, (feature) => this.rt.has(feature));
		const check = checkSend(type, reading.params);
		if (!check.ok) {
			const structural = check.issues.some((i) => i.kind !== undefined);
			if (!rule.acknowledgedOnly || structural)
				return fail(
					check.status,
					describeIssues(check.issues),
					check.code as ErrorCode | undefined
				);
			// Acknowledged without the platform's verdict: success, and the platform refuses quietly.
			if (rule.falseOffPlatform && (isRecord(params) ? params.platform : undefined) !== 'alpha')
				return acknowledged('not alpha: answered false', false);
			return acknowledged(`refused by the platform: ${describeIssues(check.issues)}`);
		}
		const lint = [...transportNotes, ...reading.notes].map(describeLint);
		if (lint.length && this.strict)
			return {
				...fail(400, `${lint.join('; ')} (refused: the simulator runs in strict mode)`),
				lint
			};
		const outcome = this.handle(type, { ...check.params, ...reading.kept });
		if (!lint.length) return outcome;
		return outcome instanceof Promise
			? outcome.then((o) => ({ ...o, lint }))
			: { ...outcome, lint };
	}

	private handle(type: SendType, params: Record<string, unknown>): MaybePromise<SendOutcome> {
		const rule = CATALOG[type];
		if (rule.falseOffPlatform && params.platform !== 'alpha')
			return acknowledged('not alpha: answered false', false);
		if (rule.names) {
			const refusal = this.checkName(
				type,
				rule.names.optionKey,
				rule.names.canBeDisabled,
				String(params.value)
			);
			if (refusal) return refusal;
		}
		return this.handlers[type]!(this.rt, params, type);
	}

	/** 404 for an unknown name, 409 for a disabled command; older versions answer success and do nothing. */
	private checkName(
		type: SendType,
		optionKey: string,
		canBeDisabled: boolean,
		name: string
	): SendOutcome | undefined {
		const state = this.rt.state;
		if (!state.resolveName(optionKey, name)) {
			if (!this.rt.has('name-validation'))
				return ok(true, { note: `unknown name "${name}": nothing happens` });
			return fail(
				404,
				`No ${type} named "${name}" exists. Call GET /api/retrieve to list valid values.`,
				'not_found'
			);
		}
		const kind = KIND_BY_OPTION_KEY[optionKey];
		const entry = kind && canBeDisabled ? state.findCommand(kind, name) : undefined;
		if (!entry || !state.isDisabled(entry)) return undefined;
		const why = entry.on ? `is in the disabled folder "${entry.folder}"` : 'is disabled';
		if (!this.rt.has('structured-errors'))
			return ok(true, { note: `"${entry.name}" ${why}: nothing happens` });
		return fail(409, `The ${type} "${entry.name}" ${why}.`, 'command_disabled');
	}
}
