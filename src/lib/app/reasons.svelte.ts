/**
 * Why: the words of a refusal (reason-words.ts) are a chunk of their own, fetched with the send
 * validators (send-check.ts) or at the first refusal. Until it is in, a reason shows in lib/protocol's
 * or lib/client's English, and is said again in the dashboard's language once it arrives.
 */
import type { ClientError } from '$lib/client/errors';
import type { FieldIssue } from '$lib/protocol/issues';
import type { RefusalData } from '$lib/share/refusals';
import type { FieldLabels } from './companion-words';
import { SEND_TYPE_INFO, type SendType } from '$lib/protocol/send-types';

type Words = typeof import('./reason-words');

let words = $state.raw<Words | undefined>();
let loading: Promise<void> | undefined;

/**
 * Fetches the words once; rejects when they cannot be fetched (tried again on the next call; English
 * meanwhile). The send validators wait for them (send-check.ts), so a checked press has its words.
 */
export function loadReasonWords(): Promise<void> {
	loading ??= import('./reason-words').then(
		(module) => void (words = module),
		(error: unknown) => {
			loading = undefined;
			throw error;
		}
	);
	return loading;
}

const loaded = (): Words | undefined => {
	if (!words) void loadReasonWords().catch(() => {});
	return words;
};

/**
 * A press's own lines (its default confirmation, "no longer in the setup"): in once its checks are,
 * since the validators come with these words (send-check.ts), and out of the deck's first load.
 */
export const pressWords = (): Words['pressWords'] | undefined => words?.pressWords;

/** The rule an issue states, in the dashboard's language (after the field's name; `named`: its label). */
export const sayRule = (issue: FieldIssue, named?: boolean): string =>
	loaded()?.issueRule(issue, named) ?? issue.rule;

/** An issue's field (its label where the dashboard has one) and its rule, for a line of one's own. */
export const sayIssueParts = (issue: FieldIssue): { field: string; rule: string } =>
	loaded()?.issueParts(issue) ?? { field: issue.field.replace(/^params\./, ''), rule: issue.rule };

/** An issue as a line, its field (without `params.`) and its rule. */
export const sayIssue = (issue: FieldIssue): string =>
	loaded()?.issueLine(issue) ??
	`${issue.field.replace(/^params\./, '') || 'request'} ${issue.rule}`;

/** Why a request failed, in the dashboard's language (the application's own sentence as sent). */
export const sayError = (error: ClientError): string =>
	loaded()?.errorWords(error) ?? error.message;

/**
 * Why a share link is refused, in the dashboard's language, a refused field named by `fields` (the
 * form's labels: companion-words.ts); the companion's own sentence as sent until the words are in.
 */
export const sayShareRefusal = (
	failure: { message?: string; refusal?: RefusalData },
	fields?: FieldLabels
): string =>
	(failure.refusal && loaded()?.refusalWords(failure.refusal, fields)) || (failure.message ?? '');

/** A send type's word in the dashboard's language (the catalogue's English label until the words are in). */
export const saySendType = (type: SendType): string =>
	loaded()?.sendTypeWord(type) ?? SEND_TYPE_INFO[type].label;
