/**
 * A press's own words (its default confirmation, what it says when the pressed thing is gone from the
 * setup) in the dashboard's language, naming the send type by the dashboard's word, never the
 * catalogue's English label.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Press } from '$lib/app/press.svelte';
import { loadSendCheck } from '$lib/app/send-check';
import { language } from '$lib/app/language.svelte';
import type { Dashboard } from '$lib/app/dashboard.svelte';
import type { Receipt } from '$lib/client/receipts';

/** A dashboard whose application no longer has what is pressed. */
function goneDashboard(notices: string[]): Dashboard {
	const gone = { state: 'failed', error: { code: 'not_found' } } as unknown as Receipt;
	return {
		share: { reasonFor: () => undefined },
		client: { send: () => Promise.resolve(gone), retrieve: () => Promise.resolve() },
		notice: (text?: string) => void (text && notices.push(text))
	} as unknown as Dashboard;
}

describe('a press, in the dashboard’s language', () => {
	afterEach(() => language.choose('en'));

	it('asks and says the thing is gone in German, by the dashboard’s word for the type', async () => {
		await language.choose('de');
		await loadSendCheck();
		const notices: string[] = [];
		const press = new Press(goneDashboard(notices));
		press.request('delete-chatbot-command', { value: 'deaths' });
		expect(press.confirmation).toEqual({
			title: 'Chatbot-Befehl löschen?',
			body: 'Das ändert den Stream für die Zuschauer oder entfernt etwas. Es wird genau einmal gesendet.',
			confirmLabel: 'Chatbot-Befehl löschen',
			steps: undefined
		});
		press.confirm();
		await expect.poll(() => notices.length).toBe(2);
		expect(press.note).toBe('Das gibt es in diesem Setup nicht mehr: Die Liste wurde neu gelesen.');
		expect(notices).toEqual([
			'Chatbot-Befehl löschen „deaths“: nicht mehr in diesem Setup. Das Setup wird neu gelesen…',
			'Chatbot-Befehl löschen „deaths“: nicht mehr in diesem Setup. Das Setup wurde neu gelesen, in der Liste fehlt es jetzt.'
		]);
	});

	it('asks in Spanish with its own question marks', async () => {
		await language.choose('es');
		await loadSendCheck();
		const press = new Press(goneDashboard([]));
		press.request('delete-chatbot-command', { value: 'deaths' });
		expect(press.confirmation?.title).toBe('¿Borrar comando del chatbot?');
	});
});
