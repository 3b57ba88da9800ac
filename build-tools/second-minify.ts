/**
 * Why: widget.html is held to 50 kB gzipped (issue 26), and no one minifier finds every saving alone.
 *
 * A Vite plugin for a build that Vite's own minifier (oxc) has already minified: each chunk of the
 * browser's build goes through terser (three compress passes, documented options only, no `unsafe_*`)
 * and then oxc once more. Measured on widget.html: oxc alone 55,092 bytes gzipped, terser alone 0.5 kB
 * more than oxc, oxc then terser then oxc 0.9 kB less (bench/README.md; on the deck's first chunk
 * it would save 1.0 kB, not yet applied to the app's build). It runs in generateBundle, after Vite's
 * minification and before a plugin listed after it (inline-html.ts) reads the chunk. Server builds
 * are left alone.
 */
import { minify as terserMinify } from 'terser';
import { minify as oxcMinify, type Plugin } from 'vite';

export function secondMinify(options: { target: string[] }): Plugin {
	return {
		name: 'second-minify',
		apply: 'build',
		enforce: 'post',
		applyToEnvironment: (environment) =>
			environment.config.consumer === 'client' && Boolean(environment.config.build.minify),
		async generateBundle(_output, bundle) {
			for (const chunk of Object.values(bundle)) {
				if (chunk.type !== 'chunk') continue;
				const terser = await terserMinify(chunk.code, {
					module: true,
					// ES2020 output: Chromium 103 (BUILD_TARGET's oldest) runs all of it.
					ecma: 2020,
					compress: { passes: 3 },
					mangle: true,
					format: { comments: false }
				});
				if (terser.code === undefined) this.error(`terser gave no code for ${chunk.fileName}`);
				const oxc = await oxcMinify(chunk.fileName, terser.code, {
					module: true,
					compress: { target: options.target }
				});
				if (oxc.errors.length > 0)
					this.error(`oxc could not minify ${chunk.fileName}: ${oxc.errors[0]!.message}`);
				chunk.code = oxc.code;
			}
		}
	};
}
