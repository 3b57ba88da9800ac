/**
 * A body field the companion refuses (invalid_link, invalid_widget_key, invalid_rehearsal) is named by
 * the label the page's form shows for it, in the page's language (issue 30): "Ablaufzeit muss größer
 * als 0 sein", not "expiresInMinutes …". A field no form shows keeps the request's name.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '$lib/app/language.svelte';
import { companionSays, refusalWords } from '$lib/app/companion-words';
import { rehearsalWords } from '$lib/app/rehearse';
import { fieldRuleParams } from '$lib/share/refusals';
import { LINK_FIELDS } from '../../src/routes/(app)/share/link-fields';
import { KEY_FIELDS } from '../../src/routes/(app)/widgets/key-fields';

afterEach(() => language.choose('en'));

/** A refused field as the companion sends it (src/server/shares.ts, widget-keys.ts). */
const invalidField = (field: string, kind?: string, values: Record<string, number> = {}) => ({
	kind: 'invalid_field',
	params: { field, ...fieldRuleParams(field, kind ? { kind, values } : undefined) }
});
const expiry = invalidField('expiresInMinutes', 'more_than', { min: 0 });
const label = invalidField('label', 'at_most_chars', { max: 80 });
const keyName = invalidField('name');
const rehearsal = {
	kind: 'refused' as const,
	status: 400,
	message: 'amount: Invalid value',
	refusal: {
		kind: 'invalid_rehearsal',
		params: {
			fields: 'amount, seconds',
			...fieldRuleParams('amount', { kind: 'at_least', values: { min: 0 } })
		}
	}
};

describe('a refused body field named by the form’s label', () => {
	it.each([
		[
			'en',
			'Expiry must be more than 0',
			'Label must be at most 80 characters',
			'Key name is not valid',
			'Not sent: these fields are not valid: Amount must be at least 0; Seconds'
		],
		[
			'de',
			'Ablaufzeit muss größer als 0 sein',
			'Name darf höchstens 80 Zeichen lang sein',
			'Name des Schlüssels ist ungültig',
			'Nicht gesendet: diese Felder sind ungültig: Betrag muss mindestens 0 sein; Sekunden'
		],
		[
			'es',
			'Caducidad debe ser mayor que 0',
			'Nombre debe tener como máximo 80 caracteres',
			'Nombre de la clave no es válido',
			'No enviado: estos campos no son válidos: Cantidad debe ser al menos 0; Segundos'
		],
		[
			'fr',
			'Expiration doit valoir plus de 0',
			'Nom doit faire au plus 80 caractères',
			'Nom de la clé n’est pas valide',
			'Non envoyé : ces champs ne sont pas valides : Montant doit valoir au moins 0; Secondes'
		],
		[
			'pt-BR',
			'Validade deve ser maior que 0',
			'Nome deve ter no máximo 80 caracteres',
			'Nome da chave não é válido',
			'Não enviado: estes campos não são válidos: Quantia deve ser pelo menos 0; Segundos'
		]
	])('%s', async (lang, expires, labelled, key, rehearsed) => {
		await language.choose(lang as never);
		expect(refusalWords(expiry, LINK_FIELDS)).toBe(expires);
		expect(refusalWords(label, LINK_FIELDS)).toBe(labelled);
		expect(companionSays({ refusal: keyName, message: 'name is not valid' }, KEY_FIELDS)).toBe(key);
		expect(rehearsalWords(rehearsal)).toBe(rehearsed);
	});

	it('a field no form shows keeps the request’s name', async () => {
		await language.choose('de');
		expect(refusalWords(invalidField('options'), KEY_FIELDS)).toBe('options ist ungültig');
		expect(refusalWords(expiry)).toBe('expiresInMinutes muss größer als 0 sein');
	});
});
