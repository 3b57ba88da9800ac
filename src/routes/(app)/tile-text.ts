/** A tile's receipt in words: what happened to the press, or the rule it broke before sending. */
import type { Receipt } from '$lib/client/receipts';
import type { FieldIssue } from '$lib/protocol';
import * as m from '$lib/app/messages';
import { sayError, sayIssueParts } from '$lib/app/reasons.svelte';

/**
 * In the dashboard's language, a rule (from lib/protocol) and an error (from lib/client) too; the
 * application's own sentences and the press's note come as they are.
 */
export function receiptText(press: {
	receipt?: Receipt;
	issues: readonly FieldIssue[];
	note?: string;
}): string {
	const issue = press.issues[0];
	if (issue) {
		const { field, rule } = sayIssueParts(issue);
		return field
			? m.deck_receipt_not_sent_field({ field, rule })
			: m.deck_receipt_not_sent({ rule });
	}
	const text = stateText(press.receipt);
	return press.note && text ? m.deck_receipt_with_note({ receipt: text, note: press.note }) : text;
}

function stateText(receipt: Receipt | undefined): string {
	if (!receipt) return '';
	if (receipt.state === 'failed')
		return receipt.error
			? m.deck_receipt_refused({ reason: sayError(receipt.error) })
			: m.deck_receipt_refused_plain();
	if (receipt.state === 'unknown')
		return receipt.error
			? m.deck_receipt_unknown_why({ reason: sayError(receipt.error) })
			: m.deck_receipt_unknown();
	if (receipt.state === 'sent') return m.deck_receipt_sent();
	if (receipt.state === 'confirmed') return m.deck_receipt_done();
	return receipt.type === 'run-actions' ? m.deck_receipt_running() : m.deck_receipt_sending();
}
