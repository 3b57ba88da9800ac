/**
 * Where demo mode's in-page simulator comes from. The app registers it at start
 * (src/lib/demo/install.ts, loaded by import() before a demo client opens: src/lib/client/demo-loader.ts); the widget-only page loads it as a separate
 * script only when a widget asks for demo, so every other browser source goes without it.
 */
import type { StreamClientOptions } from '$lib/client/client';
import type { Simulator } from '$lib/sim/simulator';

export interface DemoTransport extends Required<Pick<StreamClientOptions, 'fetch' | 'WebSocket'>> {
	simulator: Simulator;
	stop(): void;
}

export type StartDemo = (token: string) => DemoTransport;

let start: StartDemo | undefined;

export function provideDemo(startDemo: StartDemo): void {
	start = startDemo;
}

export function demoAvailable(): boolean {
	return start !== undefined;
}

export function startDemo(token: string): DemoTransport {
	if (!start) throw new Error('demo mode is not loaded in this page');
	return start(token);
}
