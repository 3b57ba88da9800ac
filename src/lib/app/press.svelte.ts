/**
 * One control's path from a press to a receipt: validate with the shared schemas (naming field and
 * rule), ask for confirmation where the catalog says so, send once, show what happened. Nothing is
 * ever retried by itself.
 */
import type { FieldIssue } from '$lib/protocol/issues';
import type { SendCheck } from '$lib/protocol/check-params';
import { isSendType, needsConfirmation, type SendType } from '$lib/protocol/send-types';
import { loadSendCheck, sendCheckNow } from './send-check';
import { pressWords, sayRule, saySendType } from './reasons.svelte';
import * as m from '$lib/app/messages';
import type { Receipt } from '$lib/client/receipts';
import { useDashboard, type Dashboard } from './dashboard.svelte';

export interface PendingConfirmation {
	title: string;
	body: string;
	confirmLabel: string;
	/** Lines listed under the body, numbered (a routine's steps). */
	steps?: readonly string[];
}

/** Exactly what a press sent: the type and the params after validation. */
export interface Sent {
	type: SendType;
	params: Record<string, unknown>;
}

/** Called with each settled receipt and what it was the receipt of. */
export type OnReceipt = (receipt: Receipt, sent: Sent) => void;

export class Press {
	#receipt = $state.raw<Receipt | undefined>();
	#issues = $state.raw<readonly FieldIssue[]>([]);
	#confirmation = $state.raw<PendingConfirmation | undefined>();
	#sent = $state.raw<Sent | undefined>();
	#note = $state<string | undefined>();
	readonly busy = $derived(this.#receipt?.state === 'sending');
	readonly #dashboard: Dashboard;
	#queued: Sent | undefined;
	/** The first press waits for the send validators' chunk (./send-check): a second press meanwhile does nothing. */
	#awaitingRules = false;
	readonly #onReceipt?: OnReceipt;

	constructor(dashboard: Dashboard, onReceipt?: OnReceipt) {
		this.#dashboard = dashboard;
		this.#onReceipt = onReceipt;
	}

	/** A press for a control of the open dashboard (read from context, so call it while a component initialises). */
	static create(onReceipt?: OnReceipt): Press {
		return new Press(useDashboard(), onReceipt);
	}

	/** The last send's receipt, updated while it is on its way. */
	get receipt(): Receipt | undefined {
		return this.#receipt;
	}
	/** Why the last press was not sent: each field and the rule it broke. */
	get issues(): readonly FieldIssue[] {
		return this.#issues;
	}
	/** The question asked before sending, while it is open. */
	get confirmation(): PendingConfirmation | undefined {
		return this.#confirmation;
	}
	/** What happened after the receipt (the setup was read again). */
	get note(): string | undefined {
		return this.#note;
	}

	/** A rule the form checks itself before a request (a required field), said as a press issue. */
	refuse(field: string, rule: string): void {
		this.#issues = [{ field, rule }];
	}
	/**
	 * The field's text, trimmed; when it is empty, undefined and the field refused with `rule`. For a
	 * field the application would take empty (it acts on nothing), so the form does not send it.
	 */
	required(field: string, text: string, rule: string): string | undefined {
		const trimmed = text.trim();
		if (!trimmed) this.refuse(field, rule);
		return trimmed || undefined;
	}

	/** Exactly what was sent last, for the feedback shown under forms. */
	get sent(): Readonly<Sent> | undefined {
		return this.#sent;
	}

	/**
	 * The rule broken by a field, in the dashboard's language, e.g. `issueFor('duration')` for
	 * `params.duration`; `named`: shown after the form's label, so the rule need not name the field.
	 */
	issueFor(field: string, named?: boolean): string | undefined {
		const path = field.startsWith('params') || field === 'type' ? field : `params.${field}`;
		const issue = this.#issues.find(
			(i) => i.field === path || i.field.startsWith(path + '.') || i.field.startsWith(path + '[')
		);
		return issue && sayRule(issue, named);
	}

	/**
	 * Validates and sends, or opens the confirmation first. `confirm` overrides the dialog's words.
	 * `held`: the press was a completed hold-to-fire, the deliberate act that stands for the catalog's dialog.
	 */
	request(
		type: string,
		params: Record<string, unknown> = {},
		confirm?: Partial<PendingConfirmation>,
		{ held = false }: { held?: boolean } = {}
	): void {
		if (this.busy || this.#awaitingRules) return; // a second press while the first is on its way does nothing
		this.#note = undefined;
		const checkSend = sendCheckNow();
		if (checkSend) return this.#checked(checkSend(type, params), confirm, held);
		this.#awaitingRules = true;
		loadSendCheck()
			.then(
				(checkSend) => this.#checked(checkSend(type, params), confirm, held),
				() => this.refuse('', m.ui_press_checks_failed())
			)
			.finally(() => (this.#awaitingRules = false));
	}

	#checked(
		check: SendCheck,
		confirm: Partial<PendingConfirmation> | undefined,
		held: boolean
	): void {
		if (!check.ok) {
			this.#issues = check.issues;
			return;
		}
		// A share link's limits (the companion server enforces them anyway) are said before sending.
		const shared = this.#dashboard.share.reasonFor(check.type);
		if (shared) {
			this.#issues = [{ field: '', rule: shared }];
			return;
		}
		this.#issues = [];
		this.#queued = { type: check.type, params: check.params };
		if ((needsConfirmation(check.type, check.params) && !held) || confirm) {
			// The words came with the send validators (send-check.ts), so they are in here.
			const words = pressWords();
			if (!words) return this.refuse('', m.ui_press_checks_failed());
			const word = saySendType(check.type);
			this.#confirmation = {
				title: confirm?.title ?? words.confirmTitle({ what: word }),
				body: confirm?.body ?? words.confirmBody(),
				confirmLabel: confirm?.confirmLabel ?? word,
				steps: confirm?.steps
			};
			return;
		}
		void this.#send();
	}

	confirm(): void {
		this.#confirmation = undefined;
		void this.#send();
	}

	cancel(): void {
		this.#confirmation = undefined;
		this.#queued = undefined;
	}

	async #send(): Promise<void> {
		const queued = this.#queued;
		this.#queued = undefined;
		if (!queued || !isSendType(queued.type)) return;
		this.#sent = queued;
		const receipt = await this.#dashboard.client.send(queued.type, queued.params, {
			onUpdate: (r) => (this.#receipt = r)
		});
		this.#receipt = receipt;
		if (receipt.state === 'failed' && receipt.error?.code === 'not_found') {
			this.#note = pressWords()?.goneNote();
			void this.#reread(queued.type, queued.params);
		}
		this.#onReceipt?.(receipt, queued);
	}

	/** Reads the setup again and says so at page level (the pressed control may disappear with it). */
	async #reread(type: SendType, params: Record<string, unknown>): Promise<void> {
		// A sent press passed its checks, so its words are in (pressWords); the setup is read again regardless.
		const words = pressWords();
		const word = saySendType(type);
		const what =
			typeof params.value === 'string'
				? (words?.goneNamed({ what: word, name: params.value }) ?? word)
				: word;
		const dashboard = this.#dashboard;
		const say = (line: string | undefined) => line && dashboard.notice(line);
		say(words?.goneReading({ what }));
		try {
			await dashboard.client.retrieve();
			say(words?.goneRead({ what }));
		} catch {
			say(words?.goneReadFailed({ what }));
		}
	}
}
