import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';
import { assertNothingSentBefore } from './page-helpers';

describe('routines page', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await stack.open('/routines'));
		page.setDefaultTimeout(8000);
		await page.getByRole('heading', { name: 'Ready routines' }).waitFor();
	});
	afterAll(async () => stack?.close());
	const builder = () => page.getByRole('form', { name: 'Routine' });
	const step = (n: number) => builder().getByRole('listitem', { name: new RegExp(`^Step ${n}:`) });
	const addStep = async (label: string) => {
		await builder().getByLabel('Next step').selectOption({ label });
		await builder().getByRole('button', { name: 'Add step' }).click();
	};
	const runDraft = () =>
		page.getByRole('region', { name: 'Build a routine' }).locator('.run > button');

	it('runs a ready routine only after showing its steps; Cancel sends nothing', async () => {
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Run Hype' }).click();
		const dialog = page.getByRole('dialog', { name: 'Run Hype?' });
		await dialog.getByText('Wait 5000 ms').waitFor();
		expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
			'Chatbot message: HYPE! Let’s go, chat!',
			'Text to speech: Let’s go!',
			'Wait 5000 ms',
			'Lights to default'
		]);
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await assertNothingSentBefore(
			stack,
			async () => {
				await page.getByRole('button', { name: 'Run Hype' }).click();
				await dialog.getByRole('button', { name: 'Run Hype' }).click();
			},
			'run-actions',
			20_000
		); // logged when its 5 s wait is over
		expect(stack.sends()[0]).toMatchObject({ type: 'run-actions', status: 200 });
		expect(stack.sends()[0]!.params).toEqual({
			actions: [
				{ base: 'app', type: 'chatbot', value: { message: 'HYPE! Let’s go, chat!' } },
				{ base: 'app', type: 'tts', value: { message: 'Let’s go!' } },
				{ type: 'delay', delay: 5000 },
				{ base: 'app', type: 'backToDefault', value: {} }
			]
		});
	});

	it('builds a routine with delays, reorders and removes steps, names a missing field, and saves it on the device', async () => {
		await builder().getByLabel('Routine name').fill('Raid welcome');
		await addStep('Chatbot message');
		await step(1).getByText('Step 1: Message is required').waitFor();
		await expect.poll(() => runDraft().isDisabled()).toBe(true);
		await step(1).getByLabel('Message').fill('Welcome raiders!');
		await addStep('Wait');
		await step(2).getByLabel('Milliseconds').fill('1500');
		await addStep('Update counter');
		await step(3).getByLabel('Counter').fill('raids');
		await step(3).getByLabel('Amount').fill('1');
		await addStep('Toggle stream mode');
		await builder().getByRole('button', { name: 'Remove step 4' }).click();
		await builder().getByRole('button', { name: 'Move step 3 up' }).click();
		expect(await builder().getByRole('heading', { level: 3 }).allTextContents()).toEqual([
			'Step 1: Chatbot message',
			'Step 2: Update counter',
			'Step 3: Wait'
		]);
		await builder().getByRole('button', { name: 'Save on this device' }).click();
		await builder().getByText('Saved “Raid welcome” on this device.').waitFor();

		await page.reload();
		const saved = page.getByRole('list', { name: 'Saved routines' });
		await saved.getByRole('heading', { name: 'Raid welcome' }).waitFor();
		stack.sim.sim.clearLog();
		await saved.getByRole('button', { name: 'Run Raid welcome' }).click();
		await page
			.getByRole('dialog', { name: 'Run Raid welcome?' })
			.getByRole('button', { name: 'Run Raid welcome' })
			.click();
		// The simulator answers, and logs, once the list has finished, after its 1.5 s wait.
		await expect.poll(() => stack.sends().length, { timeout: 15_000 }).toBe(1);
		expect(stack.sends()[0]!.params).toEqual({
			actions: [
				{ base: 'app', type: 'chatbot', value: { message: 'Welcome raiders!' } },
				{ base: 'app', type: 'updateCounter', value: { value: 'raids', message: '1' } },
				{ type: 'delay', delay: 1500 }
			]
		});
	});

	it('refuses to run a routine with a blocked action, naming the step and the rule', async () => {
		await page
			.getByRole('list', { name: 'Saved routines' })
			.getByRole('button', { name: 'Edit Raid welcome' })
			.click();
		await addStep("Custom action (from the application's catalog)");
		await step(4).getByLabel('Type').fill('code');
		await step(4).getByLabel('Value (JSON)').fill('{"code": "process.exit()"}');
		await step(4).getByText('Step 4: action type "code" is blocked').waitFor();
		stack.sim.sim.clearLog();
		expect(await runDraft().isDisabled()).toBe(true);
		await builder().getByRole('button', { name: 'Save changes' }).click();
		await builder()
			.getByText(/Not saved: Step 4: action type "code" is blocked/)
			.waitFor();
		await step(4).getByLabel('Base').fill('commandRunner');
		await step(4).getByLabel('Type').fill('run');
		await step(4).getByText('Step 4: actions under base "commandRunner" are blocked').waitFor();
		expect(await runDraft().isDisabled()).toBe(true);
		expect(stack.sends()).toEqual([]);
	});

	it("shows the application's own catalog when opened", async () => {
		await page.getByText("The application's action catalog").click();
		await page
			.locator('details pre')
			.getByText(/app\.chatbot/)
			.waitFor();
		expect(stack.sim.sim.requestLog.filter((r) => r.type === 'get-action-catalog').length).toBe(1);
		expect(errors).toEqual([]);
	});

	it(
		'has no serious or critical axe violations in either theme and no horizontal scrolling',
		{ timeout: 60_000 },
		async () => {
			expect(await seriousViolations(page)).toEqual([]);
			await page.getByRole('button', { name: /light theme/ }).click();
			expect(await seriousViolations(page)).toEqual([]);
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				360
			);
		}
	);
});
