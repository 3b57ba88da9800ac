import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';
import {
	assertNothingSentBefore,
	dialog,
	onlySend,
	openConnected,
	openSections
} from './page-helpers';

describe('polls page', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await openConnected(stack, '/polls'));
		await openSections(page);
		await page.getByText('Current poll: none created through the application').waitFor();
	});
	afterAll(async () => stack?.close());

	const card = (name: string) => page.getByRole('region', { name, exact: true });
	const click = async (where: Locator, name: string) => {
		stack.sim.sim.clearLog();
		await where.getByRole('button', { name, exact: true }).click();
	};
	const snapshot = () =>
		stack.sim.sim.snapshot() as {
			poll: { id: string; status: string; choices: string[] } | null;
			prediction: { status: string; winner?: string; outcomes: string[] } | null;
		};

	it('says no poll and no prediction is running before any was created, instead of offering to end one', async () => {
		await card('Poll').getByText('No poll is running.').waitFor();
		await card('Prediction').getByText('No prediction is running.').waitFor();
		expect(
			await page.getByRole('button', { name: /End poll|Cancel prediction|Resolve/ }).count()
		).toBe(0);
		expect(stack.sends()).toEqual([]);
	});

	it('refuses a poll outside the spec ranges, naming each field, and sends nothing', async () => {
		const poll = card('Poll');
		await poll.getByLabel('Question').fill('Next game?');
		await poll.getByLabel('Choice 1').fill('Chess');
		await poll.getByRole('spinbutton', { name: /Duration/ }).fill('10');
		await click(poll, 'Start poll');
		await poll.getByText('Choices needs at least two comma-separated choices').waitFor();
		await poll.getByText('Duration must be between 15 and 1800 s').waitFor();
		expect(
			await poll.getByRole('spinbutton', { name: /Duration/ }).getAttribute('aria-invalid')
		).toBe('true');

		// A comma inside a choice would make two choices: refused where it is typed, the button waits.
		await poll.getByLabel('Choice 2').fill('Go, Baduk');
		await poll.getByRole('spinbutton', { name: /Duration/ }).fill('60');
		await poll.getByText('Choice 2 must not contain a comma').waitFor();
		await poll.getByText('Fix choice 2 first').waitFor();
		expect(await poll.getByRole('button', { name: 'Start poll' }).isDisabled()).toBe(true);
		expect(stack.sends()).toEqual([]);
	});

	it('creates a poll with trimmed choices, shows what was sent and the id the service stored', async () => {
		const poll = card('Poll');
		await poll.getByLabel('Choice 2').fill('  Go  ');
		await poll.getByRole('button', { name: 'Add choice' }).click();
		await poll.getByRole('textbox', { name: 'Choice 3' }).fill('Shogi');
		await poll.getByRole('button', { name: '2 min' }).click();
		await click(poll, 'Start poll');
		expect(await onlySend(stack)).toEqual({
			type: 'create-poll',
			params: { name: 'Next game?', value: 'Chess,Go,Shogi', duration: 120, platform: 'alpha' },
			status: 200
		});
		const id = snapshot().poll!.id;
		await poll.getByText(`Current poll: ${id}`).waitFor();
		await poll.getByText('What was sent').first().click();
		await poll.getByText('"value": "Chess,Go,Shogi"').waitFor();
		expect(snapshot().poll!.choices).toEqual(['Chess', 'Go', 'Shogi']);
	});

	it('ending the poll asks first (Cancel sends nothing), then sends the chosen status; then says nothing is running', async () => {
		const poll = card('Poll');
		await poll.getByLabel(/terminated/).check();
		await click(poll, 'End poll');
		await dialog(page, 'End the poll now?').getByRole('button', { name: 'Cancel' }).click();
		// The next send after dismissing is the end itself: nothing went out for the dismissed dialog.
		await assertNothingSentBefore(
			stack,
			async () => {
				await click(poll, 'End poll');
				await dialog(page, 'End the poll now?')
					.getByRole('button', { name: 'End poll (terminated)' })
					.click();
			},
			'end-poll'
		);
		expect(await onlySend(stack)).toEqual({
			type: 'end-poll',
			params: { name: 'TERMINATED', platform: 'alpha' },
			status: 200
		});
		expect(snapshot().poll!.status).toBe('TERMINATED');
		// Nothing runs any more: said so, and ending is no longer offered.
		await poll.getByText('The last poll has ended: no poll is running.').waitFor();
		expect(await poll.getByRole('button', { name: 'End poll' }).count()).toBe(0);
	});

	it('creates a prediction, then resolves it with one of the outcomes created here', async () => {
		const prediction = card('Prediction');
		await prediction.getByLabel('Title').fill('Will we win?');
		await prediction.getByLabel('Outcome 1').fill('Yes');
		await prediction.getByLabel('Outcome 2').fill('No');
		await prediction.getByRole('spinbutton', { name: /Duration/ }).fill('20');
		await click(prediction, 'Start prediction');
		await prediction.getByText('Duration must be between 30 and 1800 s').waitFor();
		expect(stack.sends()).toEqual([]);

		await prediction.getByRole('button', { name: '5 min' }).click();
		await click(prediction, 'Start prediction');
		expect(await onlySend(stack)).toEqual({
			type: 'create-prediction',
			params: { name: 'Will we win?', value: 'Yes,No', duration: 300, platform: 'alpha' },
			status: 200
		});
		await prediction.getByText(/Current prediction: prediction-/).waitFor();

		await click(prediction, 'Resolve');
		await prediction
			.getByText('Winning outcome is required when resolving (the winning outcome)')
			.waitFor();
		expect(stack.sends()).toEqual([]);

		await prediction.getByRole('group', { name: 'Resolve: Will we win?' }).getByLabel('No').check();
		await click(prediction, 'Resolve: No wins');
		await dialog(page, 'Resolve the prediction with “No” winning?')
			.getByRole('button', { name: 'No wins' })
			.click();
		expect(await onlySend(stack)).toEqual({
			type: 'end-prediction',
			params: { name: 'RESOLVED', value: 'No', platform: 'alpha' },
			status: 200
		});
		expect(snapshot().prediction).toMatchObject({ status: 'RESOLVED', winner: 'No' });
	});

	it('cancels a prediction after confirming', async () => {
		const prediction = card('Prediction');
		await prediction.getByLabel('Title').fill('Boss down first try?');
		await click(prediction, 'Start prediction');
		await onlySend(stack);
		await click(prediction, 'Cancel prediction');
		expect(stack.sends()).toEqual([]);
		// The dialog's two buttons are never both "Cancel…".
		expect(
			await dialog(page, 'Cancel the prediction?').getByRole('button').allTextContents()
		).toEqual(['Go back', 'Cancel prediction']);
		await dialog(page, 'Cancel the prediction?')
			.getByRole('button', { name: 'Cancel prediction' })
			.click();
		expect(await onlySend(stack)).toEqual({
			type: 'end-prediction',
			params: { name: 'CANCELED', platform: 'alpha' },
			status: 200
		});
		expect(snapshot().prediction!.status).toBe('CANCELED');
		expect(errors).toEqual([]);
	});

	it('Enter in the question starts the poll; Enter in the title starts the prediction', async () => {
		const poll = card('Poll');
		await poll.getByLabel('Question').fill('Sent with Enter?');
		stack.sim.sim.clearLog();
		await poll.getByLabel('Question').press('Enter');
		expect(await onlySend(stack)).toMatchObject({
			type: 'create-poll',
			params: { name: 'Sent with Enter?', platform: 'alpha' },
			status: 200
		});

		const prediction = card('Prediction');
		await prediction.getByLabel('Title', { exact: true }).fill('Enter wins?');
		await prediction.getByLabel('Outcome 1').fill('Yes');
		await prediction.getByLabel('Outcome 2').fill('No');
		stack.sim.sim.clearLog();
		await prediction.getByLabel('Title', { exact: true }).press('Enter');
		expect(await onlySend(stack)).toMatchObject({
			type: 'create-prediction',
			params: { name: 'Enter wins?', value: 'Yes,No', platform: 'alpha' },
			status: 200
		});
	});

	it('has no horizontal scrolling and no serious or critical axe violations', async () => {
		expect(
			await page.evaluate(
				() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
			)
		).toBe(true);
		expect(await seriousViolations(page)).toEqual([]);
	});
});
