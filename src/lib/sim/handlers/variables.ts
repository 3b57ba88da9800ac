/** Variables, counters (with counter math) and loyalty points. */
import type { ReadShape } from '../setup';
import { loyaltyKey } from '../state';
import { fail, ok, okEmpty, type Handler, type HandlerTable } from './shared';

export type CounterMath = { ok: true; value: number } | { ok: false; error: string };

const isEmpty = (x: unknown) =>
	x === undefined || x === null || x === '' || (typeof x === 'number' && !Number.isFinite(x));

/**
 * Counter math of update-variable-value: `+N` adds, `-N` subtracts, `=N` sets, `*N` and `/N`
 * multiply and divide, a bare number sets, `''` and `false` keep the value. An empty counter becomes 1 whatever is sent.
 */
export function counterMath(current: unknown, sent: unknown): CounterMath {
	const now =
		typeof current === 'string'
			? Number(current.trim())
			: typeof current === 'number'
				? current
				: NaN;
	if (isEmpty(current) || !Number.isFinite(now)) return { ok: true, value: 1 };
	// '' and false are accepted (facts §5.10) and name no operation: the counter keeps its value (a simulator choice).
	if (sent === '' || sent === false) return { ok: true, value: now };
	if (typeof sent === 'number')
		return Number.isFinite(sent)
			? { ok: true, value: sent }
			: { ok: false, error: 'params.value must be a finite number' };
	if (typeof sent !== 'string')
		return {
			ok: false,
			error: 'params.value must be +N, -N, =N, *N, /N or a number for a counter'
		};
	// Trimmed and bounded first: the pattern stays linear whatever the input.
	const trimmed = sent.trim();
	const match = trimmed.length <= 64 ? /^([+\-*/=])?\s*(\d+(?:\.\d+)?|\.\d+)$/.exec(trimmed) : null;
	if (!match)
		return {
			ok: false,
			error: `params.value "${sent.slice(0, 40)}" must be +N, -N, =N, *N, /N or a number for a counter`
		};
	const n = Number(match[2]);
	switch (match[1]) {
		case '+':
			return { ok: true, value: now + n };
		case '-':
			return { ok: true, value: now - n };
		case '*':
			return { ok: true, value: now * n };
		case '/':
			return n === 0
				? { ok: false, error: 'params.value divides a counter by 0' }
				: { ok: true, value: now / n };
		default:
			return { ok: true, value: n };
	}
}

const updateVariable: Handler = (rt, params) => {
	const name = String(params.name);
	const existing = rt.state.variables.get(name);
	if (existing?.counter) {
		const result = counterMath(existing.value, params.value);
		if (!result.ok) return fail(400, result.error);
		rt.setVariable(name, result.value, { byUser: true });
		return ok(true);
	}
	if (!storable(params.value))
		return ok(true, { note: 'value too large or too deeply nested: dropped, nothing stored' });
	rt.setVariable(name, params.value ?? null, { byUser: true });
	return ok(true);
};

/** Bounds on a stored variable value; the application drops oversized values (with a toast) too. */
const MAX_VALUE_DEPTH = 32;
const MAX_VALUE_NODES = 10_000;

/** Measured iteratively, so a hostile value cannot exhaust the stack. */
export function storable(value: unknown): boolean {
	const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
	let nodes = 0;
	while (stack.length) {
		const { node, depth } = stack.pop()!;
		if (++nodes > MAX_VALUE_NODES || depth > MAX_VALUE_DEPTH) return false;
		if (typeof node === 'object' && node !== null)
			for (const child of Object.values(node)) stack.push({ node: child, depth: depth + 1 });
	}
	return true;
}

/** A stored value as a read answers it, in the setup's read shape (facts §5.10, §6.4). */
export function asRead(value: unknown, shape: ReadShape): unknown {
	if (shape === 'native') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (Array.isArray(value)) return JSON.stringify(value);
	return value;
}

const getVariable: Handler = (rt, params) => {
	const found = rt.state.variables.get(String(params.name));
	// An unknown variable is a success without any value (protocol facts §5.10).
	return found === undefined || found.value === undefined
		? okEmpty()
		: ok(asRead(found.value, rt.state.readShape));
};

const setCounter: Handler = (rt, params) => {
	const name = String(params.name);
	const exists = rt.state.variables.has(name);
	rt.setVariable(name, params.value, { byUser: true, counter: exists ? undefined : true });
	return ok(true);
};

const getLoyalty: Handler = (rt, params) =>
	ok(rt.state.loyalty.get(loyaltyKey(String(params.username), String(params.platform))) ?? 0);

const addLoyalty: Handler = (rt, params) => {
	const key = loyaltyKey(String(params.username), String(params.platform));
	const balance = Math.max(0, (rt.state.loyalty.get(key) ?? 0) + Number(params.value));
	rt.state.loyalty.set(key, balance);
	return ok(balance);
};

export const variableHandlers: HandlerTable = {
	'update-variable-value': updateVariable,
	'get-variable-value': getVariable,
	'set-counter-value': setCounter,
	'get-loyalty-points': getLoyalty,
	'add-loyalty-points': addLoyalty
};
