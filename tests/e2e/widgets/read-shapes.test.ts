/**
 * The counter, song-queue and now-playing widgets against the simulator in both shapes reads come in
 * (facts §5.10, §6.4): `native` (numbers as numbers, the song queue as an array) and `strings`
 * (numbers as numeric strings, the queue as JSON text, the setup's `readShape` flag). Each shows the
 * same thing in both, and follows changes the same way. One browser; a simulator per shape.
 */
import { describe, expect, it } from 'vitest';
import { SHAPES, sendElsewhere as send, useShapedSims, type Shape } from '../read-shapes';
import { openConnected, waitForText } from './helpers';

const sims = useShapedSims();
const simOf = (shape: Shape) => sims.simOf(shape);

/** A widget in widget.html (the page the builder links to), connected to the simulator of that shape. */
async function open(
	shape: Shape,
	route: string,
	params: Record<string, string | number | boolean> = {}
) {
	const opened = await openConnected(
		sims.stack,
		route,
		{ ...params, port: simOf(shape).port },
		undefined,
		{ entry: 'widget.html' }
	);
	sims.track(opened.page);
	return opened;
}

/** Another client's REST send to the simulator of that shape. */
const sendElsewhere = async (shape: Shape, type: string, params: Record<string, unknown>) =>
	void (await send(simOf(shape), type, params));

/** What the widget was actually given: the last read of that variable as the simulator answered it. */
const answered = (shape: Shape, name: string) => send(simOf(shape), 'get-variable-value', { name });

describe.each<Shape>([...SHAPES])('widgets with reads in the %s shape', (shape) => {
	it('the simulator answers in that shape', async () => {
		expect(typeof (await answered(shape, 'deaths'))).toBe(shape === 'native' ? 'number' : 'string');
		expect(typeof (await answered(shape, 'songrequest_queue'))).toBe(
			shape === 'native' ? 'object' : 'string'
		);
		expect(typeof (await answered(shape, 'songrequest_now_playing_duration'))).toBe(
			shape === 'native' ? 'number' : 'string'
		);
	});

	it('counter: the number, formatted, with its goal bar, then a change', async () => {
		const { page, errors } = await open(shape, '/widget/counter', {
			name: 'alpha_total_follower_count',
			format: 'grouped',
			goal: 20000,
			label: 'Followers'
		});
		await waitForText(page, /^Followers 10,452 Goal 20,000$/);
		expect(await page.locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('10452');
		await sendElsewhere(shape, 'set-counter-value', {
			name: 'alpha_total_follower_count',
			value: 12345
		});
		await waitForText(page, /^Followers 12,345 Goal 20,000$/);
		expect(await page.locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('12345');
		const { page: deaths } = await open(shape, '/widget/counter', {
			name: 'deaths',
			format: 'fixed2'
		});
		await waitForText(deaths, /^7\.00$/);
		await sendElsewhere(shape, 'update-variable-value', { name: 'deaths', value: '+1' });
		await waitForText(deaths, /^8\.00$/);
		expect(errors).toEqual([]);
	});

	it('song queue: the song playing with its progress, and every request in order, then an added one', async () => {
		const { page, errors } = await open(shape, '/widget/song-queue', { limit: 5 });
		await waitForText(
			page,
			/^Midnight Arcade Neon Lakes requested by moss_moth \d+:\d\d 3:34 1 Paper Boats · Harbor Lights quietkettle 2 Static Bloom · The Low Tides PixelPanda$/
		);
		expect(await page.locator('.fill').count()).toBe(1);
		await sendElsewhere(shape, 'song-request', {
			action: 'add',
			value: 'Juniper Fox - Winter Lanterns',
			username: 'lumenfox'
		});
		await waitForText(page, /3 Winter Lanterns · Juniper Fox lumenfox$/);
		expect(errors).toEqual([]);
	});

	it('now playing: the song alone, with its length and progress', async () => {
		const { page, errors } = await open(shape, '/widget/now-playing');
		await waitForText(page, /^Midnight Arcade Neon Lakes requested by moss_moth \d+:\d\d 3:34$/);
		expect(await page.locator('.fill').count()).toBe(1);
		expect(await page.locator('.widget ol').count()).toBe(0);
		expect(errors).toEqual([]);
	});
});
