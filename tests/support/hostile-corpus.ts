/**
 * Script and markup payloads for hostile-input tests: every place a page shows text that came from the
 * application (chat, names, values, errors) must render each of these literally and run none of them.
 *
 * Each payload, if it ever ran (parsed as HTML, used as a URL and clicked, evaluated as a template),
 * would set `window.__pwned`; each element it would create carries the marker `pwn` in an attribute
 * or in its text, so `findInjections` (below) can spot one that got into the DOM even if it ran nothing.
 */

/** The four payloads the widget tests started with (kept byte for byte: their expectations quote them). */
export const IMG = '<img src=x onerror=window.__pwned=1>';
export const SCRIPT = '<script>window.__pwned=1</script>';
export const JS_URL = 'javascript:window.__pwned=1';
export const SVG = '"><svg onload=window.__pwned=1>';

const run = (id: string) => `window.__pwned='${id}'`;

/** More payloads, each setting its own id, grouped by the trick they use. */
const MORE: readonly string[] = [
	// Event handlers on elements that fire without a click.
	`<img src=x onerror=${run('img2')} class=pwn>`,
	`<IMG SRC=x OnErRoR=${run('img-case')} class=pwn>`,
	`<img src="x\` onerror=${run('img-backtick')} class=pwn>`,
	`<img src=x onerror="&#119;indow.__pwned='img-entity'" class=pwn>`,
	`<img srcset="x 1x" onerror=${run('srcset')} class=pwn>`,
	`<picture class=pwn><source srcset=x><img src=x onerror=${run('picture')}></picture>`,
	`<svg class=pwn onload=${run('svg')}>`,
	`<svg class=pwn><animate onbegin=${run('animate')} attributeName=x dur=1s>`,
	`<svg class=pwn><set onbegin=${run('svg-set')} attributeName=x to=1>`,
	`<body class=pwn onload=${run('body')}>`,
	`<details class=pwn open ontoggle=${run('details')}>`,
	`<video class=pwn><source onerror=${run('video')}></video>`,
	`<audio class=pwn src=x onerror=${run('audio')}>`,
	`<input class=pwn autofocus onfocus=${run('input')}>`,
	`<select class=pwn autofocus onfocus=${run('select')}></select>`,
	`<textarea class=pwn autofocus onfocus=${run('textarea')}></textarea>`,
	`<marquee class=pwn onstart=${run('marquee')}>pwn</marquee>`,
	`<div class=pwn style="animation:pwn 1s" onanimationstart=${run('animation')}>pwn</div>`,
	`<object class=pwn data="javascript:${run('object')}"></object>`,
	`<embed class=pwn src="javascript:${run('embed')}">`,
	`<iframe class=pwn src="javascript:parent.__pwned='iframe-js'"></iframe>`,
	`<iframe class=pwn srcdoc="<script>parent.__pwned='srcdoc'</script>"></iframe>`,
	`<frameset class=pwn onload=${run('frameset')}>`,
	// Scripts in their many spellings.
	`<script class=pwn>${run('script2')}</script>`,
	`<SCRIPT class=pwn>${run('script-case')}</SCRIPT>`,
	`<scr<script>ipt class=pwn>${run('split')}</scr</script>ipt>`,
	`<svg class=pwn><script>${run('svg-script')}</script></svg>`,
	`<script class=pwn src="data:text/javascript,${run('script-data')}"></script>`,
	`<template class=pwn><script>${run('template')}</script></template>`,
	`<math class=pwn><mtext><table><mglyph><style><img src=x onerror=${run('mxss')}>`,
	`<noscript class=pwn><p title="</noscript><img src=x onerror=${run('noscript')}>">`,
	`<!--<img src="--><img src=x onerror=${run('comment')} class=pwn//">`,
	`<![CDATA[<script class=pwn>${run('cdata')}</script>]]>`,
	`</textarea><script class=pwn>${run('close-textarea')}</script>`,
	`</title><script class=pwn>${run('close-title')}</script>`,
	`</style><script class=pwn>${run('close-style')}</script>`,
	// Breaking out of an attribute or a string.
	`" onmouseover="${run('attr-dq')}" class="pwn`,
	`' onfocus='${run('attr-sq')}' autofocus class='pwn`,
	`\`;${run('template-literal')};\``,
	`';${run('js-string')};//`,
	// Links, forms and addresses that would run when clicked or submitted.
	`<a class=pwn href="javascript:${run('link')}">pwn link</a>`,
	`<a class=pwn href="JaVaScRiPt:${run('link-case')}">pwn</a>`,
	`<a class=pwn href=" &#106;avascript:${run('link-entity')}">pwn</a>`,
	`<svg class=pwn><a xlink:href="javascript:${run('xlink')}"><text y=20>pwn</text></a></svg>`,
	`<form class=pwn action="javascript:${run('form')}"><button>pwn</button></form>`,
	`<button class=pwn formaction="javascript:${run('formaction')}">pwn</button>`,
	`<base class=pwn href="javascript:/${run('base')}/">`,
	`<meta class=pwn http-equiv="refresh" content="0;url=javascript:${run('meta')}">`,
	`<link class=pwn rel=stylesheet href="javascript:${run('link-css')}">`,
	` javascript:${run('js-url-space')}`,
	`JaVaScRiPt:${run('js-url-case')}`,
	`java\tscript:${run('js-url-tab')}`,
	`vbscript:${run('vbscript')}`,
	`data:text/html,<script>${run('data-url')}</script>`,
	`data:text/html;base64,${Buffer.from(`<script>${run('data-b64')}</script>`).toString('base64')}`,
	// Styles that reach for script or cover the page.
	`<div class=pwn style="background:url(javascript:${run('css-url')})">pwn</div>`,
	`<div class=pwn style="position:fixed;inset:0;z-index:99999;background:red">pwn overlay</div>`,
	`<style class=pwn>*{background:url("javascript:${run('style-tag')}")}</style>`,
	// Templates of other engines, and text that only looks like markup once decoded.
	`{{constructor.constructor("${run('angular')}")()}}`,
	`\${${run('interpolation')}}`,
	`{@html '<img src=x onerror=${run('svelte-html')} class=pwn>'}`,
	`%3Cscript%3E${run('url-encoded')}%3C/script%3E`,
	`&lt;script&gt;${run('entities')}&lt;/script&gt;`,
	// Plain markup: harmless if it ran, but it must still show as text.
	`<b class=pwn>pwn bold</b><i>italic</i>`,
	`<h1 class=pwn>pwn heading</h1>`,
	`<custom-pwn class=pwn onclick=${run('custom')}>pwn</custom-pwn>`,
	// Invisible and direction-changing characters around a payload.
	`\u202e<img src=x onerror=${run('rtl')} class=pwn>\u200b`
];

/** Every payload: the four above first, then the rest. */
export const HOSTILE_PAYLOADS: readonly string[] = [IMG, SCRIPT, JS_URL, SVG, ...MORE];

/**
 * Names that are harmless as text but break code that keeps names as keys of plain objects
 * (prototype properties) or compares them loosely.
 */
export const HOSTILE_NAMES: readonly string[] = [
	'__proto__',
	'constructor',
	'toString',
	'hasOwnProperty',
	'valueOf',
	'NaN',
	'undefined',
	'null',
	'0',
	'-1'
];

/** Payload `i` of the corpus, cycling: lets a test spread the corpus over several fields. */
export const payload = (i: number): string =>
	HOSTILE_PAYLOADS[
		((i % HOSTILE_PAYLOADS.length) + HOSTILE_PAYLOADS.length) % HOSTILE_PAYLOADS.length
	]!;

export interface InjectionReport {
	/** Value of `window.__pwned` (undefined when nothing ran). */
	pwned: unknown;
	/** Elements that look injected, described briefly. */
	injected: string[];
}

/**
 * Runs in the page: what a payload left behind. Text attributes (labels, titles, values, data-*) may
 * quote a payload as text; anything else carrying the marker, any inline handler attribute, any
 * script-capable element or address holding the marker, is reported. (No inner named functions: a
 * bundler may wrap those in helpers the page does not have.)
 */
export function findInjections(): InjectionReport {
	const textAttributes = /^(aria-.*|title|alt|value|placeholder|label|data-.*|content|name)$/i;
	const dangerousUrl = /^\s*(javascript|vbscript|data:text\/html)/i;
	// A browser drops control characters from an address before it reads the scheme.
	// eslint-disable-next-line no-control-regex -- matching them is the point
	const controlChars = /[\u0000-\u001f]/g;
	const urlAttributes = [
		'href',
		'src',
		'action',
		'formaction',
		'xlink:href',
		'data',
		'srcdoc',
		'background'
	];
	const scriptCapable = [
		'script',
		'style',
		'noscript',
		'template',
		'iframe',
		'object',
		'embed',
		'frame',
		'frameset',
		'base',
		'link',
		'meta',
		'math'
	];
	// A link or frame to this very page may carry a payload in its options (the widget builder's preview): text, not markup.
	const thisPage = location.href.split('#')[0]!;
	const injected: string[] = [];
	for (const el of document.querySelectorAll('*')) {
		const tag = el.tagName.toLowerCase();
		const where = `<${tag}> ${el.outerHTML.slice(0, 120)}`;
		for (const attr of el.attributes) {
			const name = attr.name.toLowerCase();
			const value = name === 'class' ? attr.value.replace(/\bsvelte-\w+/g, '') : attr.value;
			const toThisPage =
				urlAttributes.includes(name) && (value.startsWith('#') || value.startsWith(thisPage));
			if (name.startsWith('on')) injected.push(`handler attribute ${name}: ${where}`);
			else if (urlAttributes.includes(name) && dangerousUrl.test(value.replace(controlChars, '')))
				injected.push(`script address in ${name}: ${where}`);
			else if (/pwn/i.test(value) && !textAttributes.test(name) && !toThisPage)
				injected.push(`marker in ${name}: ${where}`);
		}
		if (scriptCapable.includes(tag) && /pwn/i.test(el.textContent ?? ''))
			injected.push(`${tag} element with the marker: ${where}`);
		if (tag.includes('pwn')) injected.push(`custom element: ${where}`);
	}
	return { pwned: (window as { __pwned?: unknown }).__pwned, injected };
}
