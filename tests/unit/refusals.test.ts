/**
 * The companion's refusals as data, and the page's own about its answers (lib/share/refusals.ts, one
 * catalogue): a body carries a stable kind and its values beside the English message other clients
 * read, and the dashboard says the kind in its language (lib/app/companion-words.ts, one table),
 * keeping the English for a kind it does not know.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
	fieldRuleParams,
	readCompanionRefusal,
	readRefusal,
	refusalFields,
	refusalText,
	type Refusal
} from '$lib/share/refusals';
import { companionSays, refusalWords } from '$lib/app/companion-words';
import { language } from '$lib/app/language.svelte';

describe('a refusal as data', () => {
	it('carries its kind and values beside the English text', () => {
		expect(refusalFields({ kind: 'token_not_accepted' })).toEqual({
			kind: 'token_not_accepted',
			message: 'the token was not accepted'
		});
		expect(refusalFields({ kind: 'app_answered', params: { status: 500 } })).toEqual({
			kind: 'app_answered',
			params: { status: 500 },
			message: 'the application answered HTTP 500'
		});
		expect(refusalText({ kind: 'token_not_saved', params: { error: 'EACCES' } })).toBe(
			'share links are on, but the token could not be saved: EACCES'
		);
	});

	it('is read leniently from a body: no kind, no refusal', () => {
		expect(readRefusal({ message: 'x' })).toBeUndefined();
		expect(readRefusal(undefined)).toBeUndefined();
		expect(readRefusal({ kind: 'app_answered', params: { status: 502 }, message: 'm' })).toEqual({
			kind: 'app_answered',
			params: { status: 502 }
		});
		expect(readRefusal({ kind: 'other_token', message: 'm' })).toEqual({
			kind: 'other_token',
			params: {}
		});
	});

	it('is read with its English words, or as the HTTP status when the body has none', () => {
		expect(readCompanionRefusal({ kind: 'other_token', message: 'm' }, 409)).toEqual({
			refusal: { kind: 'other_token', params: {} },
			message: 'm'
		});
		expect(readCompanionRefusal({ message: 'plain' }, 400)).toEqual({
			refusal: undefined,
			message: 'plain'
		});
		expect(readCompanionRefusal(undefined, 502)).toEqual({
			refusal: { kind: 'status', params: { status: 502 } },
			message: 'HTTP 502'
		});
	});
});

describe('the dashboard says it', () => {
	afterEach(() => language.choose('en'));

	const said = (body: object) => companionSays(readCompanionRefusal(body, 500));

	it('in English, the same words as the body', () => {
		const body = refusalFields({ kind: 'scene_needs_token' });
		expect(said(body)).toBe(body.message);
	});

	it('in German and French, with its values', async () => {
		await language.choose('de');
		expect(said(refusalFields({ kind: 'token_not_accepted' }))).toBe(
			'das Token wurde nicht angenommen'
		);
		expect(said(refusalFields({ kind: 'app_answered', params: { status: 503 } }))).toBe(
			'die Anwendung hat mit HTTP 503 geantwortet'
		);
		await language.choose('fr');
		expect(said(refusalFields({ kind: 'other_token' }))).toBe(
			'les liens de partage sont déjà activés avec un autre jeton ; redémarre le companion pour le changer'
		);
	});

	it('says a key’s refusal, a body’s and the page’s own in German', async () => {
		await language.choose('de');
		expect(said(refusalFields({ kind: 'key_expired' }))).toBe(
			'Dieser Freigabelink ist abgelaufen; bitte den Streamer um einen neuen.'
		);
		expect(said(refusalFields({ kind: 'body_too_large' }))).toBe('die Anfrage ist zu groß');
		expect(
			said(refusalFields({ kind: 'no_share_api', params: { method: 'PUT', path: '/__share/x' } }))
		).toBe('keine Freigabe-Schnittstelle unter PUT /__share/x');
		expect(said(refusalFields({ kind: 'fixed_types', params: { profile: 'moderator' } }))).toBe(
			'Das Profil moderator hat eine feste Liste von Befehlen; wähle Befehle mit „Eigene Auswahl“'
		);
		expect(companionSays({ refusal: { kind: 'companion_unanswered' }, message: 'x' })).toBe(
			'Der Companion-Server hat nicht geantwortet.'
		);
	});

	it('says the rule a refused body field broke, as the body carries it, in the page’s language', async () => {
		await language.choose('de');
		const field: Refusal = {
			kind: 'invalid_field',
			params: {
				field: 'expiresInMinutes',
				...fieldRuleParams('expiresInMinutes', { kind: 'more_than', values: { min: 0 } })
			}
		};
		expect(refusalWords(field)).toBe('expiresInMinutes muss größer als 0 sein');
		const rehearsal: Refusal = {
			kind: 'invalid_rehearsal',
			params: {
				fields: 'amount, text',
				...fieldRuleParams('amount', { kind: 'at_least', values: { min: 0 } }),
				...fieldRuleParams('text', { kind: 'required', values: {} })
			}
		};
		expect(refusalWords(rehearsal)).toBe(
			'diese Felder sind ungültig: amount muss mindestens 0 sein; text fehlt'
		);
		// A rule this page does not know: the field alone, as before.
		expect(
			refusalWords({ kind: 'invalid_field', params: { field: 'x', 'rule:x': 'from_the_future' } })
		).toBe('x ist ungültig');
		await language.choose('fr');
		expect(refusalWords(field)).toBe('expiresInMinutes doit valoir plus de 0');
	});

	it('says every kind in English as its one English sentence', () => {
		const all: Refusal[] = [
			{ kind: 'key_malformed' },
			{ kind: 'link_unchecked', params: { status: 502 } },
			{ kind: 'invalid_field', params: { field: 'label' } },
			{ kind: 'invalid_rehearsal', params: { fields: 'kind, amount' } },
			{ kind: 'use_post', params: { path: '/__share/token' } },
			{ kind: 'method_not_used', params: { method: 'PUT' } },
			{ kind: 'no_sound' },
			{ kind: 'media_read_only' },
			{ kind: 'never_shared', params: { type: 'actions' } }
		];
		for (const refusal of all) expect(refusalWords(refusal)).toBe(refusalText(refusal));
	});

	it('keeps the English text for a kind it does not know, or values that do not fit', async () => {
		await language.choose('de');
		expect(said({ kind: 'from_a_newer_companion', message: 'new words' })).toBe('new words');
		expect(said({ kind: 'app_answered', params: { status: 'x' }, message: 'HTTP x' })).toBe(
			'HTTP x'
		);
		expect(said({ kind: 'toString', message: 'plain' })).toBe('plain');
	});
});
