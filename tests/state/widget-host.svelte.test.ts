/**
 * Close code 1000 means the streamer turned the interface off: the dashboard client stops and waits for
 * Retry, a widget host (left running in OBS) tries again by itself after RETRY_AFTER_STOP_MS.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamClient } from '$lib/client/client';
import type { ConnectionSettings } from '$lib/client/settings';
import type { OpenClientOptions } from '$lib/client/open-client';
import { fakeApp } from '../client/support/fake-app';
import { mounted } from './watch.svelte';

const app = vi.hoisted(() => ({
	current: undefined as ReturnType<typeof import('../client/support/fake-app').fakeApp> | undefined
}));

// The widget host's client, on the fake application instead of a real socket.
vi.mock('$lib/client/open-client', () => ({
	openClient: (settings: ConnectionSettings, options: OpenClientOptions) => {
		const client: StreamClient = app.current!.client({ ...options });
		client.start();
		return { client, settings, close: () => client.destroy() };
	}
}));

const { RETRY_AFTER_STOP_MS, WidgetHost } = await import('$lib/widgets/widget-host.svelte');
const { counterWidget } = await import('$lib/widgets/definitions');

const location = {
	search: '',
	hash: '#/widget/counter?token=T&name=deaths',
	protocol: 'http:',
	hostname: 'localhost',
	port: '5173'
};

/** Opens the newest socket and lets the client read meta, settings and premium. */
async function openLatest(fake: ReturnType<typeof fakeApp>) {
	await vi.advanceTimersByTimeAsync(0);
	fake.ws.latest().open();
	await vi.advanceTimersByTimeAsync(10);
}

describe('after the interface is turned off (close 1000)', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('a widget runtime connects again after RETRY_AFTER_STOP_MS, and keeps doing so', async () => {
		const fake = (app.current = fakeApp());
		// Created as the widget component does; ending the root is the component going away.
		const { value: runtime, stop } = mounted(
			() => new WidgetHost(counterWidget, { subscribe: ['alert'], location })
		);
		await openLatest(fake);
		expect(runtime.view?.status).toBe('open');
		expect(fake.ws.instances).toHaveLength(1);
		fake.ws.latest().serverClose(1000);
		expect(runtime.view?.status).toBe('stopped');
		await vi.advanceTimersByTimeAsync(RETRY_AFTER_STOP_MS - 100);
		expect(fake.ws.instances).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(200);
		expect(fake.ws.instances).toHaveLength(2);
		await openLatest(fake);
		expect(runtime.view?.status).toBe('open');
		// A second stop is retried too.
		fake.ws.latest().serverClose(1000);
		await vi.advanceTimersByTimeAsync(RETRY_AFTER_STOP_MS + 100);
		expect(fake.ws.instances).toHaveLength(3);
		await stop();
		await vi.advanceTimersByTimeAsync(60_000);
		expect(fake.ws.instances).toHaveLength(3);
	});

	it('the dashboard client says stopped and tries again slowly by itself (6–10 s), at once on Retry', async () => {
		const fake = fakeApp();
		const client = fake.client({ name: 'Dashboard' });
		client.start();
		await openLatest(fake);
		expect(client.status).toBe('open');
		fake.ws.latest().serverClose(1000);
		expect(client.status).toBe('stopped');
		await vi.advanceTimersByTimeAsync(5900);
		expect(fake.ws.instances).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(4200);
		expect(fake.ws.instances).toHaveLength(2);
		fake.ws.latest().refuse();
		await vi.advanceTimersByTimeAsync(0);
		expect(client.status).toBe('stopped');
		const before = fake.ws.instances.length;
		client.retry();
		await vi.advanceTimersByTimeAsync(0);
		expect(fake.ws.instances).toHaveLength(before + 1);
		client.destroy();
	});
});
