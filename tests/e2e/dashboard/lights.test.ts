import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';
import { assertNothingSentBefore, onlySend, openConnected } from './page-helpers';

describe('lights page', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await openConnected(stack, '/lights'));
		await page.getByRole('switch', { name: 'Fuze' }).waitFor();
	});
	afterAll(async () => stack?.close());

	const sw = (name: string, checked?: boolean) =>
		page.getByRole('switch', { name, exact: true, checked });
	const press = async (name: string) => {
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name, exact: true }).click();
		return onlySend(stack);
	};

	it('shows the states the application reports, and each switch sends the explicit opposite value', async () => {
		// The default setup reports light control on, stream mode on, fuze off.
		await sw('Light control', true).waitFor();
		await sw('Stream mode', true).waitFor();
		await sw('Fuze', false).waitFor();

		stack.sim.sim.clearLog();
		await sw('Fuze').click();
		expect(await onlySend(stack)).toEqual({
			type: 'start-fuze',
			params: { value: true },
			status: 200
		});
		// The switch moves only because the application reports the new state.
		await sw('Fuze', true).waitFor();

		stack.sim.sim.clearLog();
		await sw('Light control').click();
		expect(await onlySend(stack)).toEqual({
			type: 'stop-app',
			params: { value: false },
			status: 200
		});
		await sw('Light control', false).waitFor();

		stack.sim.sim.clearLog();
		await sw('Stream mode').click();
		expect(await onlySend(stack)).toEqual({
			type: 'toggle-stream-mode',
			params: { value: false },
			status: 200
		});
		await sw('Stream mode', false).waitFor();
	});

	it('follows a states event pushed by the application', async () => {
		stack.sim.sim.emit({
			type: 'states',
			data: { on: 1, streamMode: 1, fuze: 0, listenId: 'alpha-1000001' }
		});
		await sw('Light control', true).waitFor();
		await sw('Stream mode', true).waitFor();
		await sw('Fuze', false).waitFor();
		await page.getByText('The application reports fuze as stopped').waitFor();
		stack.sim.sim.emit({
			type: 'states',
			data: { on: 0, streamMode: 0, fuze: 1, listenId: 'alpha-1000001' }
		});
		await sw('Light control', false).waitFor();
		await sw('Stream mode', false).waitFor();
		await sw('Fuze', true).waitFor();
		await page.getByText('The application reports fuze as running').waitFor();
	});

	it('a tapped swatch sends its colour at once; the light list is collapsed, and Set colour sends to the chosen lights, by brand and id', async () => {
		// The light list starts collapsed, its summary saying the choice.
		const targets = page.getByText('Lights: every light');
		await targets.waitFor();
		expect(await page.getByLabel('Key Light').isVisible()).toBe(false);
		expect(await press('Blue')).toEqual({
			type: 'hex-color',
			params: { value: '#0040ff', brightness: 100, transition: 0, duration: 4000 },
			status: 200
		});
		await targets.click();
		await page.getByLabel('Key Light').check();
		await page.getByLabel('ov-unnamed-7').check();
		await page.getByText('2 of 5 chosen.').waitFor();
		await page.getByText('Lights: 2 of 5 chosen').waitFor();
		expect(await press('Set colour')).toEqual({
			type: 'hex-color',
			params: {
				value: '#0040ff',
				brightness: 100,
				transition: 0,
				duration: 4000,
				lights: [
					{ type: 'brand_a', value: 'a1f0c2d5' },
					{ type: 'overlay', value: 'ov-unnamed-7' }
				]
			},
			status: 200
		});
		await page.getByRole('region', { name: 'Colour' }).getByText('Done', { exact: true }).waitFor();
		await page.getByLabel('Key Light').uncheck();
		await page.getByLabel('ov-unnamed-7').uncheck();
	});

	it('sends RGB with transition, duration and hold; a channel out of range is named and nothing is sent', async () => {
		await page.getByLabel('RGB').check();
		await page.getByLabel('Red', { exact: true }).fill('300');
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Set colour' }).click();
		await page.getByText('Red must be between 0 and 255').waitFor();
		expect(stack.sends()).toEqual([]);

		await page.getByLabel('Red', { exact: true }).fill('10');
		await page.getByLabel('Green', { exact: true }).fill('20');
		await page.getByLabel('Blue', { exact: true }).fill('30');
		await page.getByLabel('Transition (ms)').fill('500');
		await page.getByLabel('Duration (ms)').fill('2000');
		await page.getByLabel(/Hold/).check();
		expect(await press('Set colour')).toEqual({
			type: 'rgb-color',
			params: {
				value: { r: 10, g: 20, b: 30 },
				brightness: 100,
				transition: 500,
				duration: 2000,
				hold: true
			},
			status: 200
		});
		await page.getByLabel(/Hold/).uncheck();
	});

	it('sends a colour temperature; one outside 2900–7000 K shows the field and rule and sends nothing', async () => {
		await page.getByLabel('Temperature', { exact: true }).check();
		// A temperature preset is sent as soon as it is tapped, and Set colour sends it again.
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: /Candle/ }).click();
		expect(await onlySend(stack)).toMatchObject({
			type: 'rgb-color',
			params: { value: { ct: 2900 } },
			status: 200
		});
		const sentCt = await press('Set colour');
		expect(sentCt).toMatchObject({
			type: 'rgb-color',
			params: { value: { ct: 2900 } },
			status: 200
		});

		await page.getByLabel('Colour temperature (K)').fill('8000');
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Set colour' }).click();
		await page.getByText('Colour temperature must be between 2900 and 7000 K').waitFor();
		expect(await page.getByLabel('Colour temperature (K)').getAttribute('aria-invalid')).toBe(
			'true'
		);
		// Nothing went out: the next command sent is the only one logged.
		expect(await press('Lights back to default')).toEqual({
			type: 'to-default',
			params: {},
			status: 200
		});
	});

	it('fuze: explicit start and stop, toggle without a value, and audio sensitivity', async () => {
		expect(await press('Start fuze')).toEqual({
			type: 'start-fuze',
			params: { value: true },
			status: 200
		});
		expect(await press('Stop fuze')).toEqual({
			type: 'stop-fuze',
			params: { value: false },
			status: 200
		});
		expect(await press('Toggle fuze')).toEqual({ type: 'toggle-fuze', params: {}, status: 200 });
		await page.getByLabel(/Audio sensitivity/).fill('60');
		expect(await press('Set sensitivity')).toEqual({
			type: 'fuze-audio-sensitivity',
			params: { value: 60 },
			status: 200
		});
		await page.getByLabel(/Audio sensitivity/).fill('-5');
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Set sensitivity' }).click();
		await page.getByText('Audio sensitivity must be 0 or more').waitFor();
		expect(stack.sends()).toEqual([]);
		expect(errors).toEqual([]);
	});

	it('fuze: Enter in the audio sensitivity sets it', async () => {
		await page.getByLabel(/Audio sensitivity/).fill('80');
		stack.sim.sim.clearLog();
		await page.getByLabel(/Audio sensitivity/).press('Enter');
		expect(await onlySend(stack)).toEqual({
			type: 'fuze-audio-sensitivity',
			params: { value: 80 },
			status: 200
		});
	});

	it('activity queue: pause, resume and clear cooldowns send at once; clear asks first, and Cancel sends nothing', async () => {
		expect(await press('Pause queue')).toEqual({ type: 'pause-queue', params: {}, status: 200 });
		expect(await press('Resume queue')).toEqual({ type: 'resume-queue', params: {}, status: 200 });
		expect(await press('Clear cooldowns')).toEqual({
			type: 'clear-cooldowns',
			params: {},
			status: 200
		});
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Clear queue', exact: true }).click();
		const dialog = page.getByRole('dialog', { name: 'Clear queue?' });
		await dialog
			.getByText('Every alert, effect and command still waiting in the activity queue is dropped')
			.waitFor();
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await assertNothingSentBefore(
			stack,
			async () => {
				await page.getByRole('button', { name: 'Clear queue', exact: true }).click();
				await dialog.getByRole('button', { name: 'Clear queue' }).click();
			},
			'clear-queue'
		);
		expect(await onlySend(stack)).toEqual({ type: 'clear-queue', params: {}, status: 200 });
		expect(errors).toEqual([]);
	});

	it('a failure from the application shows its message, and the press is sent once, never retried', async () => {
		stack.sim.sim.failNext({
			type: 'to-default',
			status: 400,
			message: 'Lights are busy right now'
		});
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Lights back to default', exact: true }).click();
		await page.getByText(/Failed: .*Lights are busy right now/).waitFor();
		expect(stack.sends().map((r) => [r.type, r.status])).toEqual([['to-default', 400]]);
	});

	it('has no horizontal scrolling at 360 px and no serious or critical axe violations', async () => {
		expect(
			await page.evaluate(
				() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
			)
		).toBe(true);
		expect(await seriousViolations(page)).toEqual([]);
		await page.getByRole('button', { name: /light theme/ }).click();
		expect(await seriousViolations(page)).toEqual([]);
	});
});
