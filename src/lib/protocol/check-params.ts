/** The params part of a send's check, shared by the full check (send.ts) and the read-only one (read-params.ts). */
import * as v from 'valibot';
import { AS_DATA } from './as-data';
import { MUST_BE_OBJECT, toFieldIssues, type FieldIssue } from './issues';
import type { Platform } from './vocabulary';
import type { SendType } from './send-types';

export type SendCheck =
	| {
			ok: true;
			type: SendType;
			params: Record<string, unknown>;
			/** The application's own wait inside this request (ms): run-actions' delays. */
			waitMs?: number;
	  }
	| { ok: false; issues: FieldIssue[]; status: number; code?: string };

/** What a client passes to check a send before it leaves: `checkSend`, or `checkRead` for a read-only page. */
export type SendChecker = (type: unknown, params?: unknown) => SendCheck;
/** A checker that may first fetch its rules (the dashboard's `checkSend` is a chunk of its own). */
export type LazySendChecker = (type: unknown, params?: unknown) => SendCheck | Promise<SendCheck>;

/**
 * A sent `type` as short text for a message, whatever it is: `String()` throws on an object whose
 * `toString` is not a function (`{"type":{"toString":""}}`), and a bad frame must never throw.
 */
export function typeText(type: unknown): string {
	if (typeof type === 'string') return type.slice(0, 60);
	try {
		return (JSON.stringify(type) ?? typeof type).slice(0, 60);
	} catch {
		return typeof type;
	}
}

/** The answer to a type the catalog does not know. */
export function unknownType(type: unknown): SendCheck {
	return {
		ok: false,
		status: 400,
		code: 'unknown_type',
		issues: [{ field: 'type', rule: `is not a valid send type (${typeText(type)})` }]
	};
}

/**
 * Checks params against a type's schema and the platforms it works on (its table entry's); on success
 * returns them with defaults applied.
 */
export function checkParams(
	type: SendType,
	schema: v.GenericSchema,
	params: unknown,
	platforms: readonly Platform[] | undefined
): SendCheck {
	// valibot's object schemas accept arrays; params must be a plain JSON object.
	if (
		params !== null &&
		params !== undefined &&
		(typeof params !== 'object' || Array.isArray(params))
	)
		return {
			ok: false,
			status: 400,
			issues: [
				{
					field: 'params',
					rule: MUST_BE_OBJECT,
					kind: 'not-object',
					...(AS_DATA && { says: { kind: 'object', values: {} } })
				}
			]
		};
	const parsed = v.safeParse(schema, params ?? {});
	if (!parsed.success)
		return { ok: false, status: 400, issues: toFieldIssues(parsed.issues, 'params') };
	const out = parsed.output as Record<string, unknown>;
	if (platforms && typeof out.platform === 'string' && !platforms.includes(out.platform as never))
		return {
			ok: false,
			status: 400,
			issues: [{ field: 'params.platform', rule: `must be ${platforms.join(' or ')} for ${type}` }]
		};
	return { ok: true, type, params: out };
}
