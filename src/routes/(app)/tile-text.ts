/** A tile's receipt in words: what happened to the press, or the rule it broke before sending. */
import type { Receipt } from '$lib/client/receipts';
import type { FieldIssue } from '$lib/protocol';

export function receiptText(press: {
	receipt?: Receipt;
	issues: readonly FieldIssue[];
	note?: string;
}): string {
	const issue = press.issues[0];
	if (issue)
		return `Not sent: ${issue.field ? `${issue.field.replace(/^params\./, '')} ${issue.rule}` : issue.rule}`;
	const text = stateText(press.receipt);
	return press.note && text ? `${text}. ${press.note}` : text;
}

function stateText(receipt: Receipt | undefined): string {
	if (!receipt) return '';
	if (receipt.state === 'failed')
		return `Refused: ${receipt.error?.message ?? 'the application refused it'}`;
	if (receipt.state === 'unknown')
		return `Outcome unknown${receipt.error ? `: ${receipt.error.message}` : ''}`;
	if (receipt.state === 'sent') return 'Sent (the platform does not report back)';
	if (receipt.state === 'confirmed') return 'Done';
	return receipt.type === 'run-actions' ? 'Running…' : 'Sending…';
}
