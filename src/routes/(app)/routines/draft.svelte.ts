/** The routine being built: its name and steps, the actions they make, and what keeps it from running. */
import type { Action } from '$lib/protocol';
import type { Routine } from '$lib/app/saved-routines.svelte';
import * as m from '$lib/app/messages';
import {
	blankStep,
	checkRoutine,
	fromAction,
	toAction,
	type RoutineCheck,
	type Step
} from './steps';

export class RoutineDraft {
	/** Set when the draft was loaded from a saved routine or saved: saving replaces that one. */
	#id = $state<string | undefined>();
	name = $state('');
	steps = $state<Step[]>([]);

	readonly results = $derived(this.steps.map(toAction));
	readonly actions: Action[] = $derived(this.results.flatMap((r) => (r.ok ? [r.action] : [])));
	/** The first problem: a field a step needs, else the shared validator's verdict. */
	readonly check: RoutineCheck = $derived.by(() => {
		const broken = this.results.findIndex((r) => !r.ok);
		const result = this.results[broken];
		if (result && !result.ok)
			return {
				ok: false,
				step: broken,
				message: m.routines_problem_step({ n: broken + 1, problem: result.message })
			};
		return checkRoutine(this.actions);
	});

	get id(): string | undefined {
		return this.#id;
	}

	/** The draft was saved under this id: saving again replaces it. */
	savedAs(id: string): void {
		this.#id = id;
	}

	add(key: string): void {
		this.steps.push(blankStep(key));
	}
	move(index: number, by: -1 | 1): void {
		const to = index + by;
		if (to < 0 || to >= this.steps.length) return;
		const [step] = this.steps.splice(index, 1);
		if (step) this.steps.splice(to, 0, step);
	}
	remove(index: number): void {
		this.steps.splice(index, 1);
	}
	load(routine: Routine, keepId: boolean): void {
		this.#id = keepId ? routine.id : undefined;
		this.name = routine.name;
		this.steps = routine.actions.map(fromAction);
	}
	clear(): void {
		this.#id = undefined;
		this.name = '';
		this.steps = [];
	}
}
