/**
 * The widget builder: the form generated from each widget's option schema produces a URL the widget
 * parses back to exactly the options set; the preview runs the real widget; the token stays masked
 * until revealed; the QR code encodes the URL; the page passes axe.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { encode } from 'uqr';
import { fragmentParams, settingsFromParams } from '../../../src/lib/client/settings';
import { widgetById } from '../../../src/lib/widgets/definitions';
import { defaultsOf, parseOptions, type Options } from '../../../src/lib/widgets/options';
import { namedColorEngine } from '../../support/css-named-colors';
import { seriousViolations } from '../axe';
import { startStack, TOKEN, type Stack } from '../stack';

/** The preview's address without the builder's own `preview=<id>` (its rehearsal target). */
const withoutPreview = (src: string | null) =>
	src?.replace(/([?&])preview=[a-z0-9]+(&|$)/, (_, a, b) => (b ? a : '')) ?? null;

type Step =
	| { fill: string; value: string }
	| { check: string; on: boolean }
	| { select: string; value: string }
	| { pick: string; value: string };
interface Case {
	id: string;
	title: string;
	steps: Step[];
	expected: Options;
	/** Text the live preview shows with these options. */
	preview: RegExp;
}

const CASES: Case[] = [
	{
		id: 'counter',
		title: 'Counter',
		steps: [
			// Every counter field, each set once (the list is checked against the definition below).
			{ fill: 'Variable name', value: 'deaths' },
			{ fill: 'Label', value: 'Deaths ☠' },
			{ fill: 'Prefix', value: '× ' },
			{ fill: 'Suffix', value: ' times' },
			{ select: 'Number format', value: 'grouped' },
			{ select: 'On change', value: 'flash' },
			{ fill: 'Goal (0 = none)', value: '100' },
			{ fill: 'Goal bar colour', value: '#ff8800' },
			{ fill: 'Polling interval (ms)', value: '2500' },
			{ select: 'Theme', value: 'bold' },
			{ select: 'Font', value: 'mono' },
			{ fill: 'Text size (px)', value: '80' },
			{ fill: 'Text colour', value: 'gold' },
			{ pick: 'Pick outline colour', value: '#102030' },
			{ fill: 'Outline width (px)', value: '3' },
			{ check: 'Drop shadow', on: false },
			{ select: 'Alignment', value: 'right' },
			{ select: 'Widget language', value: 'es' },
			{ check: 'Debug corner (connection, last update, last error)', on: true }
		],
		expected: {
			name: 'deaths',
			label: 'Deaths ☠',
			prefix: '× ',
			suffix: ' times',
			format: 'grouped',
			animation: 'flash',
			goal: 100,
			barColor: '#ff8800',
			interval: 2500,
			theme: 'bold',
			font: 'mono',
			size: 80,
			color: 'gold',
			outline: '#102030',
			outlineWidth: 3,
			shadow: false,
			align: 'right',
			lang: 'es',
			debug: true
		},
		preview: /Deaths ☠\s*×\s*7\s*times/
	},
	{
		id: 'song-queue',
		title: 'Song queue',
		steps: [
			{ fill: 'Requests shown', value: '1' },
			{ check: 'Show cover', on: false },
			{ fill: 'Card colour', value: '#112233cc' },
			{ select: 'Alignment', value: 'right' },
			{ check: 'Debug corner (connection, last update, last error)', on: true }
		],
		expected: { limit: 1, cover: false, card: '#112233cc', align: 'right', debug: true },
		preview: /Midnight Arcade[\s\S]*Paper Boats/
	},
	{
		id: 'now-playing',
		title: 'Now playing',
		steps: [
			{ check: 'Show requester', on: false },
			{ check: 'Hide when nothing plays', on: false },
			{ pick: 'Pick accent colour', value: '#00ff00' },
			{ fill: 'Polling interval (ms)', value: '5000' }
		],
		expected: { requester: false, hideIdle: false, accent: '#00ff00', interval: 5000 },
		preview: /Midnight Arcade/
	},
	{
		id: 'chat',
		title: 'Chat',
		steps: [
			{ fill: 'Messages shown', value: '10' },
			{ fill: 'Fade out after (0 = never) (s)', value: '30' },
			{ check: 'Hide commands (!…)', on: true },
			{ fill: 'Hide these users (bots)', value: 'nightbot, StreamElements' },
			{ select: 'Newest', value: 'top' },
			{ check: 'Background plate behind each message', on: false },
			{ select: 'Theme', value: 'neon' },
			{ fill: 'Outline width (px)', value: '2' }
		],
		expected: {
			limit: 10,
			fade: 30,
			hideCommands: true,
			hideUsers: ['nightbot', 'StreamElements'],
			direction: 'top',
			plate: false,
			theme: 'neon',
			outlineWidth: 2
		},
		preview: /^$/
	},
	{
		id: 'events',
		title: 'Recent events',
		steps: [
			{ select: 'Display', value: 'popup' },
			{ fill: 'Show each for (0 = keep) (s)', value: '8' },
			{ fill: 'Only these (parts of alert keys)', value: 'follower, bits' },
			{ fill: 'Never these (parts of alert keys)', value: '' },
			{ check: 'Show replays', on: true }
		],
		expected: {
			mode: 'popup',
			duration: 8,
			include: ['follower', 'bits'],
			exclude: [],
			replays: true
		},
		preview: /^$/
	}
];

/** A field of the builder's form (the page's menu has a Language picker of its own; the widget's is "Widget language"). */
async function apply(page: Page, step: Step): Promise<void> {
	const form = page.getByRole('main');
	if ('fill' in step) await form.getByLabel(step.fill, { exact: true }).fill(step.value);
	else if ('check' in step) await form.getByLabel(step.check, { exact: true }).setChecked(step.on);
	else if ('select' in step)
		await form.getByLabel(step.select, { exact: true }).selectOption(step.value);
	else await form.getByLabel(step.pick, { exact: true }).fill(step.value);
}

const shownUrl = (page: Page) => page.getByTestId('widget-url').innerText();

let stack: Stack;
beforeAll(async () => {
	stack = await startStack();
});
afterAll(async () => stack?.close());

// The URL is also read back here, in Node, which has no CSS: colour names are asked of a stand-in.
beforeAll(() => void vi.stubGlobal('CSS', namedColorEngine()));
afterAll(() => void vi.unstubAllGlobals());

describe('widget builder', () => {
	it('the counter case sets every counter field through the form', () => {
		const counter = CASES.find((c) => c.id === 'counter')!;
		const labels = counter.steps.map((step) =>
			'fill' in step
				? step.fill
				: 'check' in step
					? step.check
					: 'select' in step
						? step.select
						: step.pick
		);
		const fields = widgetById('counter')!.fields;
		expect(labels).toHaveLength(fields.length);
		expect(Object.keys(counter.expected).sort()).toEqual(fields.map((f) => f.key).sort());
	});

	it('for every widget, the generated form produces a URL the widget parses back to the same options, and the preview runs it', async () => {
		const { page, consoleLines, errors } = await stack.open(
			'/widgets',
			{},
			{ width: 1280, height: 1000 }
		);
		for (const c of CASES) {
			await page.getByLabel(c.title, { exact: true }).check();
			// Another widget shows its URL masked again: reveal it for this one.
			await page.getByRole('button', { name: 'Reveal token' }).click();
			for (const step of c.steps) await apply(page, step);
			const url = await shownUrl(page);
			const fields = widgetById(c.id)!.fields;
			const hash = new URL(url).hash;
			expect(hash.startsWith(`#/widget/${c.id}?`)).toBe(true);
			const parsed = parseOptions(fields, fragmentParams(hash));
			expect(parsed.warnings).toEqual([]);
			expect(parsed.options).toEqual({ ...defaultsOf(fields), ...c.expected });
			expect(settingsFromParams(fragmentParams(hash))).toMatchObject({
				ok: true,
				settings: { token: TOKEN, port: stack.sim.port }
			});
			// The preview is the real widget at that very URL.
			const frame = page.locator('iframe');
			await expect.poll(async () => withoutPreview(await frame.getAttribute('src'))).toBe(url);
			const widget = page.frameLocator('iframe').locator('.widget');
			await widget.waitFor();
			if (c.preview.source !== '^$')
				await expect.poll(() => widget.innerText(), { timeout: 8000 }).toMatch(c.preview);
		}
		expect(consoleLines).toEqual([]);
		expect(errors).toEqual([]);
	}, 180_000);

	it('an invalid entry names the field and the rule, and stays out of the URL', async () => {
		const { page } = await stack.open('/widgets', {}, { width: 1280, height: 1000 });
		await page.getByLabel('Variable name', { exact: true }).fill('deaths');
		await page.getByLabel('Text size (px)', { exact: true }).fill('9999');
		await page
			.getByRole('alert')
			.getByText('Text size must be between 8 and 400: the widget uses the default (64).')
			.waitFor();
		expect(
			await page.getByLabel('Text size (px)', { exact: true }).getAttribute('aria-invalid')
		).toBe('true');
		expect(await shownUrl(page)).not.toMatch(/size=/);
		await page.getByLabel('Text size (px)', { exact: true }).fill('72');
		await page.getByRole('alert').waitFor({ state: 'detached' });
		expect(await shownUrl(page)).toMatch(/size=72/);
	});

	it('an alert box control name no Alerts share link could press is said beside the field, with the rule', async () => {
		const { page } = await stack.open('/widgets', {}, { width: 1280, height: 1000 });
		const form = page.getByRole('main');
		await form.getByRole('radio', { name: 'Alert box' }).check();
		const control = form.getByLabel('Control variable', { exact: true });
		const warning = form.getByTestId('option-warning');
		expect(await warning.count()).toBe(0);
		await control.fill('my alerts');
		expect((await warning.innerText()).replace(/\s+/g, ' ')).toBe(
			'An Alerts share link can press only a variable named alertbox_ then letters, digits, _ or - (at most 120 characters): with this name, no share link can pause, skip or replay this alert box.'
		);
		expect(await control.getAttribute('aria-describedby')).toMatch(/opt-control-warning/);
		// The widget still follows the name it is given: the URL carries it.
		await expect.poll(() => shownUrl(page)).toMatch(/control=my(\+|%20)alerts/);
		await control.fill('alertbox_brb');
		await expect.poll(() => warning.count()).toBe(0);
	});

	it('masks the token until revealed, warns what the URL grants, copies the real URL and shows it as a QR code', async () => {
		const { page } = await stack.open('/widgets', {}, { width: 1280, height: 1000 });
		await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
		await page.getByText('anyone who has it gets full control of the application').waitFor();
		const masked = await shownUrl(page);
		expect(masked).toContain('token=••••••••');
		expect(masked).not.toContain(TOKEN);
		expect(await page.evaluate(() => document.body.innerText)).not.toContain(TOKEN);

		await page.getByRole('button', { name: 'Reveal token' }).click();
		const url = await shownUrl(page);
		expect(url).toContain(`token=${TOKEN}`);
		await page.getByRole('button', { name: 'Hide token' }).click();
		expect(await shownUrl(page)).toBe(masked);

		await page.getByRole('button', { name: 'Copy URL' }).click();
		await page.getByText('Copied to the clipboard.').waitFor();
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

		await page.getByRole('button', { name: 'Show QR code' }).click();
		const qr = page.getByRole('img', { name: /QR code of the widget URL/ });
		await qr.waitFor();
		const drawn = await qr.evaluate((svg) => {
			const size = Number(svg.getAttribute('data-modules'));
			const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
			for (const rect of svg.querySelectorAll('rect.dark')) {
				const [x, y, w] = ['x', 'y', 'width'].map((a) => Number(rect.getAttribute(a)));
				for (let i = 0; i < w!; i++) grid[y!]![x! + i] = true;
			}
			return { tags: [...new Set([...svg.children].map((el) => el.tagName))], grid };
		});
		expect(drawn.tags).toEqual(['rect']);
		expect(drawn.grid).toEqual(encode(url, { ecc: 'L', border: 2 }).data);
	});

	it('previews demo data when the session is a demo, on the chosen background', async () => {
		const context = await stack.browser.newContext({
			viewport: { width: 1280, height: 1000 },
			reducedMotion: 'reduce'
		});
		const page = await context.newPage();
		await page.goto(`${stack.site.url}#/widgets?demo=1`);
		await page.getByLabel('Song queue', { exact: true }).check();
		await page.getByLabel('Checkerboard').check();
		expect(await page.locator('.stage').getAttribute('data-backdrop')).toBe('checker');
		await expect
			.poll(async () => withoutPreview(await page.locator('iframe').getAttribute('src')))
			.toMatch(/#\/widget\/song-queue\?demo=1&token=demo$/);
		const frame = page.frameLocator('iframe');
		await expect
			.poll(() => frame.locator('.widget').innerText(), { timeout: 8000 })
			.toMatch(/Midnight Arcade/);
		expect(await frame.locator('html').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
			'rgba(0, 0, 0, 0)'
		);
		expect(await shownUrl(page)).toContain('demo=1');
		await context.close();
	});

	// axe runs every rule twice (two themes): minutes, not seconds, on a busy 2-core machine.
	it(
		'has no serious or critical axe violations, in both themes',
		{ timeout: 180_000 },
		async () => {
			const { page } = await stack.open('/widgets', {}, { width: 1280, height: 1000 });
			await page.getByRole('button', { name: 'Show QR code' }).click();
			await page.getByRole('img', { name: /QR code/ }).waitFor();
			expect(await seriousViolations(page)).toEqual([]);
			await page.getByRole('button', { name: /light theme/ }).click();
			expect(await seriousViolations(page)).toEqual([]);
			const { page: phone } = await stack.open('/widgets');
			await phone.getByRole('heading', { name: 'Widgets', exact: true }).waitFor();
			expect(await seriousViolations(phone)).toEqual([]);
			expect(await phone.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(
				true
			);
		}
	);
});
