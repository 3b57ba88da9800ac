/**
 * The scene check's data: the companion's report (GET /__companion/scene, with this dashboard's
 * token in a header), read again every POLL_MS while the page is open, and rehearsals sent to it
 * (POST /__companion/rehearse). Answers are validated; a failure keeps the server's words.
 */
import * as m from '$lib/app/messages';
import { companionSays } from '$lib/app/companion-words';
import { readCompanionRefusal } from '$lib/share/refusals';
import * as v from 'valibot';
import type { Rehearsal } from '$lib/protocol/rehearsal';
import { rehearse } from '$lib/app/rehearse';

export const POLL_MS = 2000;
const TIMEOUT_MS = 8000;

const WidgetSchema = v.object({
	id: v.string(),
	name: v.string(),
	kind: v.string(),
	keyId: v.optional(v.string()),
	connectedAt: v.number(),
	engine: v.string(),
	lastEvent: v.optional(
		v.object({ type: v.string(), event: v.optional(v.string()), at: v.number(), test: v.boolean() })
	),
	answeredPing: v.nullable(v.boolean()),
	reads: v.array(v.string()),
	/** Alert kinds it hides (an alert box's `off=`): the scene check does not flag them. */
	hidden: v.optional(v.array(v.string()), [])
});
export type SceneWidget = v.InferOutput<typeof WidgetSchema>;

/** What stops widgets, as data (src/server/scene.ts): check-words.ts says it in the dashboard's language. */
const BlockerSchema = v.object({
	id: v.string(),
	kind: v.string(),
	params: v.optional(
		v.object({ kinds: v.optional(v.array(v.string())), name: v.optional(v.string()) })
	),
	action: v.optional(v.object({ type: v.string(), params: v.record(v.string(), v.unknown()) })),
	widgets: v.array(v.string())
});
export type SceneBlocker = v.InferOutput<typeof BlockerSchema>;

const ReportSchema = v.object({
	at: v.number(),
	application: v.picklist(['up', 'legacy', 'unreachable', 'token-rejected']),
	widgets: v.array(WidgetSchema),
	idleKeys: v.array(
		v.object({
			id: v.string(),
			name: v.string(),
			createdAt: v.number(),
			lastConnectedAt: v.nullable(v.number())
		})
	),
	blockers: v.array(BlockerSchema),
	cannotCheck: v.array(v.string())
});
export type SceneReport = v.InferOutput<typeof ReportSchema>;

type State =
	| { kind: 'loading' }
	| { kind: 'ok'; report: SceneReport }
	| { kind: 'failed'; status?: number; message: string };

/** Why the companion refused, in the dashboard's language when it named the refusal's kind. */
async function messageOf(res: Response): Promise<string> {
	const body: unknown = await res.json().catch(() => undefined);
	return companionSays(readCompanionRefusal(body, res.status));
}

export class SceneCheck {
	#state = $state<State>({ kind: 'loading' });
	#last = $state<SceneReport | undefined>();
	readonly #base: string;
	readonly #token: string;

	constructor(base: string, token: string) {
		this.#base = base;
		this.#token = token;
	}

	get state(): State {
		return this.#state;
	}
	/** The last report read, kept while a later read fails. */
	get report(): SceneReport | undefined {
		return this.#last;
	}

	/** Reads the report now and every POLL_MS until the returned stop is called. */
	watch(): () => void {
		let timer: ReturnType<typeof setTimeout> | undefined;
		let stopped = false;
		const round = async () => {
			await this.refresh();
			if (!stopped) timer = setTimeout(round, POLL_MS);
		};
		void round();
		return () => {
			stopped = true;
			clearTimeout(timer);
		};
	}

	async refresh(): Promise<void> {
		try {
			const res = await this.#fetch('GET', '/__companion/scene');
			if (!res.ok) {
				this.#state = { kind: 'failed', status: res.status, message: await messageOf(res) };
				return;
			}
			const parsed = v.safeParse(ReportSchema, await res.json());
			if (!parsed.success) {
				const message = companionSays({
					refusal: { kind: 'unreadable' },
					message: 'the companion answered something unexpected'
				});
				this.#state = { kind: 'failed', message };
				return;
			}
			this.#last = parsed.output;
			this.#state = { kind: 'ok', report: parsed.output };
		} catch {
			this.#state = { kind: 'failed', message: m.check_no_answer() };
		}
	}

	/** Sends a rehearsal (lib/app/rehearse.ts), then reads the scene again for its last events. */
	async rehearse(rehearsal: Rehearsal): Promise<string> {
		const answer = await rehearse(this.#base, this.#token, rehearsal);
		void this.refresh();
		return answer;
	}

	#fetch(method: string, path: string): Promise<Response> {
		return fetch(`${this.#base}${path}`, {
			method,
			headers: { authorization: `Bearer ${this.#token}` },
			cache: 'no-store',
			signal: AbortSignal.timeout(TIMEOUT_MS)
		});
	}
}
