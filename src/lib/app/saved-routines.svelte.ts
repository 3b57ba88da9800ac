/**
 * Routines saved on this device, validated with valibot on load (a damaged entry is dropped, not
 * shown). The routines page makes them; the deck's editor offers them as buttons.
 */
import * as v from 'valibot';
import { deviceStorage, type KeyValueStorage } from '$lib/client/persisted';
import { PersistedState } from '$lib/client/state/persisted-state';
import type { Action } from '$lib/protocol/actions';
import { LIMITS } from '$lib/protocol/limits';

/** A named list of actions, run as one request. */
export interface Routine {
	id: string;
	name: string;
	actions: Action[];
}

const KEY = 'stream-control:routines';
const MAX_ROUTINES = 100;

const ActionSchema = v.looseObject({
	base: v.optional(v.string()),
	type: v.pipe(v.string(), v.minLength(1)),
	value: v.optional(v.record(v.string(), v.unknown())),
	delay: v.optional(v.number())
});
export const RoutineSchema = v.object({
	id: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
	name: v.pipe(
		v.string(),
		v.trim(),
		v.minLength(1, 'Name is required'),
		v.maxLength(80, 'Name must be at most 80 characters')
	),
	actions: v.pipe(
		v.array(ActionSchema),
		v.minLength(1, 'A routine needs at least one step'),
		v.maxLength(
			LIMITS.actionsPerRequest,
			`A routine holds at most ${LIMITS.actionsPerRequest} steps`
		)
	)
});

/** The list as stored; each routine is checked on its own, so one damaged entry does not lose the rest. */
const StoredSchema = v.pipe(
	v.array(v.unknown()),
	v.transform((items): readonly Routine[] =>
		items.flatMap((item) => {
			const parsed = v.safeParse(RoutineSchema, item);
			return parsed.success ? [parsed.output as Routine] : [];
		})
	)
);

export class SavedRoutines {
	readonly #stored: PersistedState<readonly Routine[]>;

	constructor(storage: KeyValueStorage | undefined = deviceStorage()) {
		this.#stored = new PersistedState(KEY, StoredSchema, [], { storage });
	}

	get routines(): readonly Routine[] {
		return this.#stored.current;
	}

	/** Saves (or replaces, by id) a routine; answers the first broken rule instead when it is not valid. */
	save(routine: Routine): { ok: true; routine: Routine } | { ok: false; message: string } {
		const parsed = v.safeParse(RoutineSchema, routine);
		if (!parsed.success) return { ok: false, message: parsed.issues[0].message };
		const saved = parsed.output as Routine;
		const exists = this.routines.some((r) => r.id === saved.id);
		if (!exists && this.routines.length >= MAX_ROUTINES)
			return { ok: false, message: `At most ${MAX_ROUTINES} routines can be saved` };
		// Storage full or unavailable: saved for this visit only.
		this.#stored.current = exists
			? this.routines.map((r) => (r.id === saved.id ? saved : r))
			: [...this.routines, saved];
		return { ok: true, routine: saved };
	}

	remove(id: string): void {
		this.#stored.current = this.routines.filter((r) => r.id !== id);
	}
}
