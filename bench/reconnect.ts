/**
 * Reconnect: the time from the simulator going away to a new chat line painted in the chat widget.
 * (a) the API restarts (sockets closed with 1012); (b) the simulator is killed, stays down a while,
 * and a new one starts on the same port with the same token. Stamped lines are sent every 10 ms from
 * the moment of the restart, so "live again" is the first of them painted.
 */
import type { Page } from 'playwright-core';
import { wallNow } from './clock';
import { paintRecords } from './page-probes';
import { openChatWidget } from './paint';
import type { BenchStack } from './stack';
import { stampedChat } from './traffic';
import { sleep } from './stats';

export interface ReconnectReport {
	/** 1012 restart → live, one per trial. */
	afterRestart: number[];
	/** New simulator listening → live, one per trial. */
	afterRevive: number[];
	/** Kill → live (includes the downtime). */
	afterKill: number[];
	downtimeMs: number;
}

let nextSeq = 50_000_000;

/** Sends a stamped line every 10 ms until the page paints one sent at or after `since`; returns that paint time. */
async function liveAgain(
	stack: BenchStack,
	page: Page,
	since: number,
	timeoutMs = 20_000
): Promise<number> {
	const end = Date.now() + timeoutMs;
	const timer = setInterval(() => stack.sim.sim.emit(stampedChat(nextSeq++)), 10);
	try {
		while (Date.now() < end) {
			const painted = (await paintRecords(page)).find(([, sentAt]) => sentAt >= since);
			if (painted) return painted[3];
			await sleep(20);
		}
		return Number.NaN;
	} finally {
		clearInterval(timer);
	}
}

export async function measureReconnect(
	stack: BenchStack,
	options: { restarts: number; kills: number; downtimeMs: number }
): Promise<ReconnectReport> {
	const page = await openChatWidget(stack);
	const report: ReconnectReport = {
		afterRestart: [],
		afterRevive: [],
		afterKill: [],
		downtimeMs: options.downtimeMs
	};
	for (let i = 0; i < options.restarts; i++) {
		await sleep(500);
		const restartedAt = wallNow();
		stack.sim.sim.restart();
		report.afterRestart.push((await liveAgain(stack, page, restartedAt)) - restartedAt);
	}
	for (let i = 0; i < options.kills; i++) {
		await sleep(500);
		const killedAt = wallNow();
		await stack.kill();
		await sleep(options.downtimeMs);
		await stack.revive();
		const revivedAt = wallNow();
		const paintedAt = await liveAgain(stack, page, revivedAt);
		report.afterRevive.push(paintedAt - revivedAt);
		report.afterKill.push(paintedAt - killedAt);
	}
	await stack.closePages();
	return report;
}
