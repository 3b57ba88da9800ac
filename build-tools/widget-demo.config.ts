/**
 * Why: widget.html must not carry the simulator, and a module cannot load from file://, so demo mode's
 * simulator is a classic script of its own.
 *
 * build/widget-demo.js: demo mode's in-page simulator for widget.html, as one classic script (IIFE)
 * beside it. widget.html loads it only when a widget asks for `demo` (src/widget-entry/demo-loader.ts),
 * so browser sources connected to the application never carry the simulator. Built after the widget page.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { BUILD_TARGET } from './build-target';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
	publicDir: false,
	resolve: { alias: { $lib: here('../src/lib') } },
	build: {
		target: BUILD_TARGET,
		outDir: here('../build'),
		emptyOutDir: false,
		minify: true,
		lib: {
			entry: here('../src/widget-entry/demo.ts'),
			formats: ['iife'],
			name: 'streamControlDemo',
			fileName: () => 'widget-demo.js'
		}
	}
});
