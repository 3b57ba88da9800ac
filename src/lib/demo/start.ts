/** Demo mode: a simulator in the page, with its demo traffic, and the transport the client talks to it through. */
import type { DemoTransport } from '$lib/client/demo';
import type { WebSocketConstructor } from '$lib/client/socket';
import { Simulator } from '$lib/sim';
import { demoFetch, demoWebSocketClass } from './transport';

export function startDemoTransport(token: string): DemoTransport {
	const simulator = new Simulator({ token });
	const stop = simulator.startDemo();
	return {
		simulator,
		stop,
		fetch: demoFetch(simulator),
		WebSocket: demoWebSocketClass(simulator) as unknown as WebSocketConstructor
	};
}
