import type { CauseKind } from '$lib/client/probable-cause';
import * as m from '$lib/app/messages';

type Say = (inputs: { address: string }) => string;

/** Each probable cause's title and advice, whole sentences with the address inside them. */
const SAID: Record<CauseKind, readonly [Say, Say]> = {
	'switched-off': [m.cause_switched_off_title, m.cause_switched_off_advice],
	'token-rejected': [m.cause_token_title, m.cause_token_advice],
	'app-behind-server-down': [m.cause_app_down_title, m.cause_app_down_advice],
	'not-answering': [m.cause_not_answering_title, m.cause_not_answering_advice],
	'stopped-answering': [m.cause_stopped_title, m.cause_stopped_advice],
	lost: [m.cause_lost_title, m.cause_lost_advice],
	reconnecting: [m.cause_reconnecting_title, m.cause_reconnecting_advice]
};

/** What is probably wrong, and what to do, in the dashboard's language (`address` is `host:port`). */
export const causeWords = (kind: CauseKind, address: string): { title: string; advice: string } => {
	const [title, advice] = SAID[kind];
	return { title: title({ address }), advice: advice({ address }) };
};
