/** build/widget-demo.js: demo mode's in-page simulator for widget.html, which loads it only on demand (demo-loader.ts). */
import { startDemoTransport } from '$lib/demo/start';
import { DEMO_GLOBAL } from './demo-loader';

(globalThis as unknown as Record<string, unknown>)[DEMO_GLOBAL] = startDemoTransport;
