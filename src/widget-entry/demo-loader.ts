/**
 * Demo mode for the widget-only page: the in-page simulator is a separate classic script,
 * build/widget-demo.js (build-tools/widget-demo.config.ts), loaded only when a widget asks for `demo`.
 * A classic script rather than `import()`: module scripts from file:// are blocked (opaque origin),
 * classic ones load, and the page's policy allows them as 'self'.
 */
import { demoAvailable, provideDemo, type StartDemo } from '$lib/client/demo';
import { parseConnectionSettings } from '$lib/client/settings';

/** The global the demo script sets (src/widget-entry/demo.ts). */
export const DEMO_GLOBAL = '__streamControlDemo';
export const DEMO_SCRIPT = 'widget-demo.js';

let loading: Promise<void> | undefined;

/** Whether the page's fragment asks for demo mode (the same reading the widget's connection makes). */
export function demoAsked(): boolean {
	const settings = parseConnectionSettings(location);
	return settings.ok && settings.settings.demo;
}

export function loadDemo(): Promise<void> {
	if (demoAvailable()) return Promise.resolve();
	loading ??= new Promise<void>((ok, fail) => {
		const script = document.createElement('script');
		// Beside the page, whatever its folder (subpath, file://).
		script.src = DEMO_SCRIPT;
		script.onload = () => {
			const start = (globalThis as unknown as Record<string, StartDemo | undefined>)[DEMO_GLOBAL];
			if (start) {
				provideDemo(start);
				ok();
			} else fail(new Error(`${DEMO_SCRIPT} did not start demo mode`));
		};
		script.onerror = () => {
			loading = undefined;
			fail(new Error(`Demo mode needs ${DEMO_SCRIPT} beside this page`));
		};
		document.head.append(script);
	});
	return loading;
}
