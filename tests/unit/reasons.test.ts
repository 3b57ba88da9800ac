/**
 * A refusal is data below the pages (lib/protocol's rule kind and numbers, lib/client's error id and
 * values), said in English by one formatter for the simulator, the companion and the widgets, and in
 * the dashboard's language by lib/app/reason-words.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkSend } from '$lib/protocol/send';
import { ruleOf, ruleText, said } from '$lib/protocol/rule-text';
import { describeIssues } from '$lib/protocol/issues';
import {
	droppedError,
	gatewayError,
	lostError,
	sendUnansweredError,
	unauthorizedError,
	unreachableError,
	invalidResponseError,
	notOfferedError,
	NEEDS_UPDATE,
	kindNeedsUpdate,
	NOT_IN_SETUP,
	ONLY_READS,
	WIDGET_ONLY_READS,
	NO_ANSWER,
	invalidParamsError,
	socketFailureError,
	stoppedError,
	timeoutError
} from '$lib/client/errors';
import { errorWords, issueLine, issueParts, issueRule, refusalWords } from '$lib/app/reason-words';
import { checkChosenTypes } from '$lib/share/profiles';
import { refusalText } from '$lib/share/refusals';
import { language } from '$lib/app/language.svelte';
import { settingsFromParams } from '$lib/client/settings';
import { loadReasonWords } from '$lib/app/reasons.svelte';
import { receiptText } from '../../src/routes/(app)/tile-text';
import { SEND_TYPES, SEND_TYPE_INFO, type SendType } from '$lib/protocol/send-types';
import { SEND_TYPE_WORDS } from '$lib/app/send-type-words';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Connect page's refusals, as lib/client/settings.ts gives them. */
const settingsIssue = (
	query: string,
	page?: { protocol: string; hostname: string; port: string }
) => {
	const result = settingsFromParams(new URLSearchParams(query), page, Boolean(page));
	if (result.ok) throw new Error(`accepted ${query}`);
	return result.error;
};
const COMPANION = { protocol: 'http:', hostname: 'studio.local', port: '39280' };
const SETTINGS_REFUSALS = [
	settingsIssue('token='),
	settingsIssue(`token=${'x'.repeat(5000)}`),
	settingsIssue('token=T&host=no_such host'),
	settingsIssue('token=T&port=70000'),
	settingsIssue('token=T&secure=maybe'),
	settingsIssue('token=T&host=10.0.0.5', COMPANION)
];

describe('a rule as data', () => {
	it('keeps the English sentence and gives back the rule it states', () => {
		const text = said('between_unit', { min: 30, max: 180, unit: 's' });
		expect(text).toBe('must be between 30 and 180 s');
		expect(ruleOf(text)).toEqual({
			kind: 'between_unit',
			values: { min: 30, max: 180, unit: 's' }
		});
		expect(ruleText({ kind: 'required', values: {} })).toBe('is required');
		expect(ruleOf('a sentence written by hand')).toBeUndefined();
	});

	it('the rules written beside their schemas are data too: a poll’s choices, the chat identity, a light’s colour', () => {
		expect(
			checkSend('create-poll', { name: 'Next?', value: 'Chess', duration: 60, platform: 'alpha' })
		).toMatchObject({
			ok: false,
			issues: [
				{
					field: 'params.value',
					rule: 'needs at least two comma-separated choices',
					says: { kind: 'two_choices' }
				}
			]
		});
		expect(
			checkSend('create-prediction', {
				name: 'Win?',
				value: 'Yes',
				duration: 60,
				platform: 'alpha'
			})
		).toMatchObject({
			ok: false,
			issues: [{ field: 'params.value', says: { kind: 'two_outcomes' } }]
		});
		expect(checkSend('chatbot-message', { value: 'hi', userToChatAs: 'mod' })).toMatchObject({
			ok: false,
			issues: [
				{ field: 'params.userToChatAs', rule: 'must be self or bot', says: { kind: 'self_or_bot' } }
			]
		});
	});

	it('the Connect page’s refusals carry their rule as data, and their English is the rule table’s', () => {
		expect(SETTINGS_REFUSALS.map((i) => [i.field, i.says?.kind])).toEqual([
			['token', 'token_required'],
			['token', 'at_most_chars'],
			['host', 'host_name'],
			['port', 'port'],
			['secure', 'boolean'],
			['host', 'this_server']
		]);
		// settings.ts writes its English inline (a widget carries no table of rules): it must not drift.
		for (const issue of SETTINGS_REFUSALS) expect(issue.rule).toBe(ruleText(issue.says!));
	});

	it('a refused send names the field, the rule kind and its numbers', () => {
		const check = checkSend('run-commercial', { value: 29, platform: 'alpha' });
		expect(check).toMatchObject({
			ok: false,
			issues: [
				{
					field: 'params.value',
					rule: 'must be between 30 and 180 s',
					says: { kind: 'between_unit', values: { min: 30, max: 180, unit: 's' } }
				}
			]
		});
		const unknown = checkSend('to-default', { colour: 'red' });
		expect(unknown).toMatchObject({
			ok: false,
			issues: [{ field: 'params.colour', says: { kind: 'unknown_field' } }]
		});
		// The companion's and the simulator's English stay as they were.
		if (!unknown.ok)
			expect(describeIssues(unknown.issues)).toBe('params.colour is not a known field');
	});

	it('an error says which sentence it is, with its values; an application body has none', () => {
		expect(timeoutError(4_600).said).toEqual({ id: 'timeout', values: { seconds: 5 } });
		expect(stoppedError().said).toEqual({ id: 'stopped' });
		expect(socketFailureError(500, undefined, undefined).said).toEqual({
			id: 'status',
			values: { status: 500 }
		});
		expect(socketFailureError(409, 'Command "x" is disabled', 'command_disabled').said).toBe(
			undefined
		);
	});
});

describe('the dashboard says it', () => {
	afterEach(() => language.choose('en'));

	it('in German, naming the field and the rule', async () => {
		await language.choose('de');
		const check = checkSend('run-commercial', { value: 29, platform: 'alpha' });
		if (check.ok) throw new Error('accepted');
		const [issue] = check.issues;
		expect(issueRule(issue!)).toBe('muss zwischen 30 und 180 s liegen');
		expect(issueLine(issue!)).toBe('value muss zwischen 30 und 180 s liegen');
		expect(errorWords(invalidParamsError(check.issues))).toBe(
			'Nicht gesendet: value muss zwischen 30 und 180 s liegen.'
		);
		expect(errorWords(timeoutError(5000))).toBe(
			'Keine Antwort von der Anwendung innerhalb von 5 s.'
		);
		// The application's own sentence is shown as it sent it.
		expect(errorWords(socketFailureError(409, 'Command "x" is disabled', undefined))).toBe(
			'Command "x" is disabled'
		);
	});

	it('in German, the rules written beside their schemas and the Connect page’s, with the numbers as German writes them', async () => {
		await language.choose('de');
		const poll = checkSend('create-poll', {
			name: 'Next?',
			value: 'Chess',
			duration: 60,
			platform: 'alpha'
		});
		if (poll.ok) throw new Error('accepted');
		expect(issueRule(poll.issues[0]!)).toBe(
			'braucht mindestens zwei durch Kommas getrennte Antworten'
		);
		const [host, , , port] = [
			settingsIssue('token=T&host=no_such host'),
			undefined,
			undefined,
			settingsIssue('token=T&port=70000')
		];
		expect(issueRule(host!)).toBe('muss ein Hostname oder eine IP-Adresse sein, etwa 127.0.0.1');
		expect(issueRule(port!)).toBe('muss eine ganze Zahl von 1 bis 65535 sein');
		expect(
			issueRule({
				field: 'interval',
				rule: '',
				says: { kind: 'between', values: { min: 250, max: 60000 } }
			})
		).toBe('muss zwischen 250 und 60.000 liegen');
	});

	it('in German, what is not offered here, an answer not understood, and a share link’s refusals', async () => {
		await language.choose('de');
		const notOffered = notOfferedError('Run commercial', 'needs-update', NEEDS_UPDATE);
		expect(notOffered.message).toBe(
			'Run commercial is not available: needs an up-to-date application.'
		);
		expect(notOffered.said).toEqual({
			id: 'not-offered',
			values: { what: 'Run commercial', why: 'needs-update' }
		});
		expect(errorWords(notOffered)).toBe(
			'Run commercial ist nicht verfügbar: Dafür braucht es eine aktuelle Version der Anwendung.'
		);
		expect(errorWords(invalidResponseError('meta'))).toBe(
			'Die Anwendung hat auf meta eine Antwort geschickt, die diese Seite nicht versteht.'
		);
		const chosen = checkChosenTypes('custom', []);
		if (chosen.ok) throw new Error('accepted');
		expect(chosen.message).toBe(refusalText(chosen.refusal));
		expect(refusalWords(chosen.refusal)).toBe(
			'Ein Link mit „Eigene Auswahl“ braucht mindestens einen Befehl'
		);
		expect(refusalWords({ kind: 'key_unknown' })).toBe(
			'Dieser Freigabelink ist unbekannt oder wurde widerrufen; bitte den Streamer um einen neuen.'
		);
	});

	it('in English, says each client error in lib/client’s own English (one wording, no second copy to drift)', () => {
		const errors = [
			unreachableError('127.0.0.1:39231'),
			gatewayError('127.0.0.1:39280'),
			lostError('127.0.0.1:39231', 1006),
			sendUnansweredError('127.0.0.1:39231'),
			unauthorizedError(),
			timeoutError(5000),
			stoppedError(),
			droppedError(),
			socketFailureError(500, undefined, undefined),
			invalidResponseError('meta'),
			notOfferedError('Run commercial', 'needs-update', NEEDS_UPDATE),
			notOfferedError('Set command state', 'kind-needs-update', kindNeedsUpdate('timer'), 'timer'),
			notOfferedError('Play sound', 'not-in-setup', NOT_IN_SETUP),
			notOfferedError('Play sound', 'read-only', ONLY_READS),
			notOfferedError('play-sound', 'widget-read-only', WIDGET_ONLY_READS),
			notOfferedError('Get variable value', 'no-answer', NO_ANSWER)
		];
		for (const error of errors) {
			expect(error.said).toBeDefined();
			expect(errorWords(error)).toBe(error.message);
		}
	});

	it('in German, names every send type by the dashboard’s own word, never the catalogue’s English label', async () => {
		await language.choose('de');
		const refused = (type: SendType) =>
			errorWords(
				notOfferedError(SEND_TYPE_INFO[type].label, 'read-only', ONLY_READS, undefined, type)
			);
		expect(refused('run-commercial')).toBe(
			'Werbung ist nicht verfügbar: Diese Ansicht kann nur lesen.'
		);
		expect(refused('get-action-catalog')).toBe(
			'Aktionskatalog ist nicht verfügbar: Diese Ansicht kann nur lesen.'
		);
		expect(refused('set-subscriber-mode')).toBe(
			'Abonnentenmodus ist nicht verfügbar: Diese Ansicht kann nur lesen.'
		);
		for (const type of SEND_TYPES)
			expect(refused(type)).toMatch(new RegExp(`^${escape(SEND_TYPE_WORDS[type]())} `));
	});

	it('names a field the protocol names in its rule by the dashboard’s label, in a line and a tile’s receipt', async () => {
		const check = checkSend('change-stream-title', { value: ' ', platform: 'alpha' });
		if (check.ok) throw new Error('accepted');
		const issue = check.issues[0]!;
		expect(issue.rule).toBe('is required (title)');
		await language.choose('de');
		expect(issueLine(issue)).toBe('Stream-Titel fehlt');
		expect(issueParts(issue)).toEqual({ field: 'Stream-Titel', rule: 'fehlt' });
		await loadReasonWords();
		expect(receiptText({ issues: [issue] })).toBe('Nicht gesendet: Stream-Titel fehlt');
		const command = checkSend('set-command-state', { name: '', value: true });
		if (command.ok) throw new Error('accepted');
		expect(command.issues.map(issueLine)).toContain('Befehl fehlt');
		await language.choose('fr');
		expect(issueLine(issue)).toBe('Titre du stream est obligatoire');
		// A rule that names no field keeps the protocol's name of it.
		const range = checkSend('run-commercial', { value: 29, platform: 'alpha' });
		if (range.ok) throw new Error('accepted');
		expect(issueParts(range.issues[0]!).field).toBe('value');
	});

	it('finds the label by the field id the rule carries, not its English name (changing the wording breaks nothing)', async () => {
		const check = checkSend('change-stream-title', { value: ' ', platform: 'alpha' });
		if (check.ok) throw new Error('accepted');
		expect(check.issues[0]!.says).toEqual({
			kind: 'required_of',
			values: { what: 'title', field: 'title' }
		});
		// The same rule, its English reworded: the label stays.
		const reworded = {
			field: 'params.value',
			rule: 'is required (stream title)',
			says: { kind: 'required_of' as const, values: { what: 'stream title', field: 'title' } }
		};
		await language.choose('de');
		expect(issueLine(reworded)).toBe('Stream-Titel fehlt');
		await language.choose('fr');
		expect(issueLine(reworded)).toBe('Titre du stream est obligatoire');
		// The English name alone no longer finds a label.
		const unnamed = {
			...reworded,
			says: { kind: 'required_of' as const, values: { what: 'title' } }
		};
		expect(issueParts(unnamed).field).toBe('value');
	});

	it('a missing field reads right whatever the gender of its label (“Mensagem é obrigatório” did not)', async () => {
		const check = checkSend('change-stream-title', { value: ' ', platform: 'alpha' });
		if (check.ok) throw new Error('accepted');
		await language.choose('pt-BR');
		expect(issueLine(check.issues[0]!)).toBe('Título da live não pode ficar em branco');
		const message = checkSend('chatbot-message', { value: ' ', platform: 'alpha' });
		if (message.ok) throw new Error('accepted');
		expect(issueLine(message.issues[0]!)).toBe('Mensagem não pode ficar em branco');
		await language.choose('es');
		expect(issueLine(check.issues[0]!)).toBe('Título del stream no puede quedar en blanco');
	});

	it('in English, a rule reads as the protocol writes it', () => {
		const check = checkSend('run-commercial', { value: 29, platform: 'alpha' });
		if (check.ok) throw new Error('accepted');
		expect(issueLine(check.issues[0]!)).toBe('value must be between 30 and 180 s');
	});
});
