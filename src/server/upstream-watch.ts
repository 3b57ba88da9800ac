/**
 * Tells the streamer in the terminal when the application behind the companion goes away and when it
 * comes back: one line each. It only opens a TCP connection to the application's port (no HTTP
 * request, so nothing reaches the application's log and no token is involved), every few seconds.
 */
import { connect } from 'node:net';
import { m } from '../lib/paraglide/messages.js';

export interface UpstreamWatch {
	/** Checks now (a proxied request just failed). */
	check(): void;
	close(): void;
}

interface WatchOptions {
	/** The application's origin (never carries a token). */
	target: string;
	log: (line: string) => void;
	intervalMs?: number;
	timeoutMs?: number;
	/** Whether it answered at start (the companion just probed it); unknown by default. */
	up?: boolean;
}

/** Whether something accepts a TCP connection at the origin's host and port. */
export function listening(target: string, timeoutMs: number): Promise<boolean> {
	const url = new URL(target);
	const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
	const host = url.hostname.replace(/^\[|\]$/g, '');
	return new Promise((done) => {
		const socket = connect({ host, port });
		const finish = (up: boolean) => {
			socket.destroy();
			done(up);
		};
		socket.setTimeout(timeoutMs, () => finish(false));
		socket.once('connect', () => finish(true));
		socket.once('error', () => finish(false));
	});
}

export function watchUpstream({
	target,
	log,
	intervalMs = 2000,
	timeoutMs = 1500,
	up: initiallyUp
}: WatchOptions): UpstreamWatch {
	let up = initiallyUp;
	let running = false;
	let closed = false;
	async function check(): Promise<void> {
		if (running || closed) return;
		running = true;
		const now = await listening(target, timeoutMs);
		running = false;
		if (closed || now === up) return;
		if (up !== undefined)
			log(
				now
					? m.companion_upstream_back({ api: target })
					: m.companion_upstream_gone({ api: target })
			);
		up = now;
	}
	void check();
	const timer = setInterval(() => void check(), intervalMs);
	timer.unref();
	return {
		check: () => void check(),
		close() {
			closed = true;
			clearInterval(timer);
		}
	};
}
