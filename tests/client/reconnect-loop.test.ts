import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconnectLoop } from '$lib/client/reconnect-loop';
import { fakeWebSocketClass } from './support/fakes';

describe('ReconnectLoop', () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it('goes on with the next round when the URL provider rejects', async () => {
		const ws = fakeWebSocketClass();
		const url = vi
			.fn<() => Promise<string>>()
			.mockRejectedValueOnce(new Error('no address yet'))
			.mockResolvedValue('ws://127.0.0.1:39231/api');
		const loop = new ReconnectLoop(url, ws.Ctor, 60_000, () => {});
		// Each round starts a task later (setTimeout 0): a few ms of fake time cover both.
		await vi.advanceTimersByTimeAsync(10);
		expect(url).toHaveBeenCalledTimes(2);
		expect(ws.instances.map((s) => s.url)).toEqual(['ws://127.0.0.1:39231/api']);
		loop.close(1000);
	});

	it('asks nothing more once closed, even after a rejection', async () => {
		const ws = fakeWebSocketClass();
		const url = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('refused'));
		const loop = new ReconnectLoop(url, ws.Ctor, 60_000, () => {});
		await vi.advanceTimersByTimeAsync(0);
		loop.close(1000);
		const asked = url.mock.calls.length;
		await vi.advanceTimersByTimeAsync(100);
		expect(url).toHaveBeenCalledTimes(asked);
		expect(ws.instances).toEqual([]);
	});
});
