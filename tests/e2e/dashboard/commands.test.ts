import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';
import { assertNothingSentBefore } from './page-helpers';

describe('commands page', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await stack.open('/commands'));
		page.setDefaultTimeout(8000);
		await page.getByRole('button', { name: 'Delete !socials' }).waitFor();
	});
	afterAll(async () => stack?.close());
	/** The command names the list shows. */
	const listed = () =>
		page.getByRole('list', { name: 'Chatbot commands' }).locator('.name').allTextContents();
	const create = () => page.getByRole('form', { name: 'New command' });
	const edit = () => page.getByRole('form', { name: 'Change a command' });

	it('creates a command with a live slug preview, the spec defaults and the final name', async () => {
		await create().getByLabel('Name', { exact: true }).fill('My  Command');
		await create().getByText('Saved as !my-command').waitFor();
		await create().getByLabel('Reply', { exact: true }).fill('Hi {{username}}!');
		await create()
			.getByLabel(/Aliases/)
			.fill('mc, !mycmd');
		stack.sim.sim.clearLog();
		await create().getByRole('button', { name: 'Create command' }).click();
		await create().getByText('Created !my-command').waitFor();
		expect(stack.sends()).toMatchObject([{ type: 'create-chatbot-command', status: 200 }]);
		expect(stack.sends()[0]!.params).toEqual({
			name: 'My  Command',
			message: 'Hi {{username}}!',
			alias: ['mc', 'mycmd'],
			showInCommandsList: false,
			on: true,
			cooldownDuration: 5000
		});
		// The list is read again: the new command appears.
		await page.getByRole('button', { name: 'Delete !my-command' }).waitFor();
		expect(await listed()).toContain('!my-command');
	});

	it('names the field and the rule before sending, and shows the 409 of an existing name', async () => {
		stack.sim.sim.clearLog();
		await create().getByLabel('Name', { exact: true }).fill('socials');
		await create()
			.getByLabel(/Cooldown/)
			.fill('1.5');
		await create().getByRole('button', { name: 'Create command' }).click();
		await create().getByText('Reply is required', { exact: true }).waitFor();
		await create().getByText('Cooldown must be a whole number').waitFor();
		expect(stack.sends()).toEqual([]);
		await create().getByLabel('Reply', { exact: true }).fill('dup');
		await create()
			.getByLabel(/Cooldown/)
			.fill('5000');
		await create().getByRole('button', { name: 'Create command' }).click();
		await create()
			.getByText(/Failed: A chatbot command named "socials" already exists/)
			.waitFor();
		expect(stack.sends()).toMatchObject([
			{ type: 'create-chatbot-command', params: { name: 'socials' }, status: 409 }
		]);
	});

	it('edits only the fields filled in, and renames with newName', async () => {
		await edit().getByLabel('Command').selectOption('socials');
		stack.sim.sim.clearLog();
		await edit().getByRole('button', { name: 'Save changes' }).click();
		await edit().getByText('Nothing to change').waitFor();
		await edit().getByLabel('New reply').fill('Follow me @panda');
		await edit().getByLabel('On', { exact: true }).selectOption('no');
		await edit().getByRole('button', { name: 'Save changes' }).click();
		await edit().getByText('Done').waitFor();
		expect(stack.sends().map((r) => r.params)).toEqual([
			{ name: 'socials', message: 'Follow me @panda', on: false }
		]);

		stack.sim.sim.clearLog();
		await edit().getByLabel('New name').fill('Links');
		await edit().getByRole('button', { name: 'Save changes' }).click();
		await page.getByRole('button', { name: 'Delete !links' }).waitFor();
		expect(await listed()).not.toContain('!socials');
		expect(stack.sends()).toMatchObject([
			{ type: 'update-chatbot-command', params: { name: 'socials', newName: 'Links' }, status: 200 }
		]);
		expect(stack.sends()[0]!.params).toEqual({ name: 'socials', newName: 'Links' });
	});

	it('protects built-in commands: no rename field, no delete button', async () => {
		await edit().getByLabel('Command').selectOption('so');
		await edit().getByText('!so is built in').waitFor();
		expect(await edit().getByLabel('New name').count()).toBe(0);
		expect(await page.getByRole('button', { name: 'Delete !so' }).count()).toBe(0);
		expect(await page.getByRole('button', { name: 'Delete !deaths' }).count()).toBe(1);
	});

	it('deletes only after confirmation; Cancel sends nothing', async () => {
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Delete !deaths' }).click();
		const dialog = page.getByRole('dialog', { name: 'Delete !deaths?' });
		await dialog.waitFor();
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await assertNothingSentBefore(
			stack,
			async () => {
				await page.getByRole('button', { name: 'Delete !deaths' }).click();
				await dialog.getByRole('button', { name: 'Delete !deaths' }).click();
			},
			'delete-chatbot-command'
		);
		await page.getByText('Deleted. The list was read again.').waitFor();
		expect(stack.sends()).toMatchObject([
			{ type: 'delete-chatbot-command', params: { value: 'deaths' }, status: 200 }
		]);
		expect(await listed()).not.toContain('!deaths');
	});

	it('turns a command of any kind on or off, choosing from the setup', async () => {
		const form = page.getByRole('form', { name: 'Turn commands on or off' });
		await form.getByLabel('Kind', { exact: true }).selectOption('alpha-points');
		await form.getByLabel('Name', { exact: true }).selectOption('Hydrate');
		stack.sim.sim.clearLog();
		await form.getByRole('button', { name: 'Turn off' }).click();
		await form.getByText('Done').waitFor();
		expect(stack.sends()).toMatchObject([
			{
				type: 'set-command-state',
				params: { name: 'Hydrate', value: false, kind: 'alpha-points' },
				status: 200
			}
		]);
	});

	it('turns a folder on or off by name and remembers it on the device', async () => {
		const form = page.getByRole('form', { name: 'Turn a folder on or off' });
		stack.sim.sim.clearLog();
		await form.getByLabel('Folder name').fill('Seasonal');
		await form.getByRole('button', { name: 'Turn on' }).click();
		await form.getByText('Done').waitFor();
		expect(stack.sends()).toMatchObject([
			{ type: 'set-folder-state', params: { name: 'Seasonal', value: true }, status: 200 }
		]);
		await form.getByRole('button', { name: 'Forget Seasonal' }).waitFor();
		expect(errors).toEqual([]);
	});

	it('has no serious or critical axe violations in either theme', { timeout: 60_000 }, async () => {
		expect(await seriousViolations(page)).toEqual([]);
		await page.getByRole('button', { name: /light theme/ }).click();
		expect(await seriousViolations(page)).toEqual([]);
		const width = await page.evaluate(() => document.documentElement.scrollWidth);
		expect(width).toBeLessThanOrEqual(360);
	});
});
