/**
 * What every send handler works with: the state, the enabled features, the clock, and the side
 * effects the application produces (pushed events, variable writes, the activity queue).
 */
import type { Feature } from '../protocol/vocabulary';
import { alertEnvelope, chatEnvelope, statesEnvelope, type ChatAuthor } from './events';
import { SimState } from './state';
import type { Envelope } from './types';
import { safeStringify } from './wire';

export interface VariableWrite {
	/** Written by the user (update-variable-value, set-counter-value, actions): fires `appstream-variableChanged`. */
	byUser?: boolean;
	counter?: boolean;
}

export class Runtime {
	readonly state: SimState;
	readonly features: ReadonlySet<Feature>;
	readonly now: () => number;
	readonly random: () => number;
	/** Resolves after `ms` of the simulator's clock (run-actions delays); injectable for tests. */
	readonly wait: (ms: number) => Promise<void>;
	private readonly push: (envelope: Envelope) => void;
	private idCounter = 0;

	constructor(opts: {
		state: SimState;
		features: Feature[];
		now: () => number;
		wait: (ms: number) => Promise<void>;
		random: () => number;
		push: (envelope: Envelope) => void;
	}) {
		this.state = opts.state;
		this.features = new Set(opts.features);
		this.now = opts.now;
		this.wait = opts.wait;
		this.random = opts.random;
		this.push = opts.push;
	}

	has(feature: Feature): boolean {
		return this.features.has(feature);
	}

	/** Unique, readable ids: a prefix, a counter and a little randomness. */
	newId(prefix: string): string {
		this.idCounter++;
		const salt = Math.floor(this.random() * 0xffffff)
			.toString(16)
			.padStart(6, '0');
		return `${prefix}-${this.idCounter.toString(36)}${salt}`;
	}

	pick<T>(list: readonly T[]): T | undefined {
		return list.length ? list[Math.floor(this.random() * list.length) % list.length] : undefined;
	}

	emit(envelope: Envelope): void {
		this.push(envelope);
	}

	/**
	 * Pushes an alert the way the application does: only for enabled alerts (listed in the setup)
	 * and only while stream mode is on. Returns whether it reached the socket.
	 */
	fireAlert(
		alertKey: string,
		dynamic: Record<string, unknown> | undefined,
		extraSettings: Record<string, unknown>
	): boolean {
		if (!this.state.alerts.has(alertKey) || !this.state.states.streamMode) return false;
		this.emit(alertEnvelope(alertKey, dynamic, extraSettings, this.now()));
		return true;
	}

	/** Changes core states; pushes a `states` event only when something actually changed. */
	setStates(patch: Partial<SimState['states']>): boolean {
		const before = JSON.stringify(this.state.states);
		Object.assign(this.state.states, patch);
		if (JSON.stringify(this.state.states) === before) return false;
		this.emit(statesEnvelope(this.state.statesPayload()));
		return true;
	}

	getVariable(name: string): unknown {
		return this.state.variables.get(name)?.value;
	}

	setVariable(name: string, value: unknown, how: VariableWrite = {}): void {
		const previous = this.state.variables.get(name);
		this.state.variables.set(name, { value, counter: how.counter ?? previous?.counter ?? false });
		if (how.byUser && !Object.is(previous?.value, value))
			this.fireAlert(
				'appstream-variableChanged',
				{ value },
				{
					variable_name: name,
					variable_value: value,
					variable_previous_value: previous?.value ?? null
				}
			);
	}

	/**
	 * Runs an activity through the application's activity queue: held while the queue is paused,
	 * unless the request asks to skip it. Returns a note for the request log.
	 */
	enqueue(label: string, params: Record<string, unknown>, run: () => void): string | undefined {
		if (params.hold === true) return 'held: stored as the default, not run';
		const skip = params.skipQueue === true || params.bypassQueue === true;
		if (this.state.activityQueue.paused && !skip) {
			this.state.activityQueue.pending.push({ label, run });
			return 'queued while the activity queue is paused';
		}
		run();
		return undefined;
	}

	/** A chat line written by the bot (or the streamer) on one platform. */
	chatAs(platform: string, asSelf: boolean, text: string): void {
		const author: ChatAuthor = asSelf
			? { username: this.state.streamer, broadcaster: true }
			: { username: this.state.botName, mod: true, color: '#9146ff' };
		this.emit(chatEnvelope(platform, author, text, this.newId('msg'), this.now()));
	}

	/** Resolves `{{name}}` from extra settings first, then variables; unknown names stay as written. */
	template(text: string, extra: Record<string, unknown> = {}): string {
		return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => {
			const value = Object.hasOwn(extra, name) ? extra[name] : this.getVariable(name);
			if (value === undefined || value === null) return whole;
			return typeof value === 'object' ? safeStringify(value) : String(value);
		});
	}
}
