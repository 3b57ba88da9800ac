/** The phone menu's choices and dock mode, as the browser compiles them: bar pages, last page, dock answer. */
import { describe, expect, it } from 'vitest';
import { PAGES } from '$lib/ui/nav';
import {
	BAR_MAX,
	DEFAULT_BAR,
	NavPrefs,
	barPages,
	opensWithoutPage
} from '$lib/ui/nav-prefs.svelte';
import { Dock, dockParam } from '$lib/ui/dock.svelte';
import { mounted } from './watch.svelte';

function memory(initial: Record<string, string> = {}) {
	const items = new Map(Object.entries(initial));
	return {
		items,
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v),
		removeItem: (k: string) => void items.delete(k)
	};
}
const labels = (pages: readonly { label: string }[]) => pages.map((p) => p.label);
const page = (href: string) => PAGES.find((p) => p.href === href)!;

describe('barPages', () => {
	it('shows the picks in menu order, never a settings-like page', () => {
		expect(labels(barPages(PAGES, DEFAULT_BAR))).toEqual(['Deck', 'Chat', 'Stream', 'Songs']);
		expect(labels(barPages(PAGES, ['/songs', '/', '/connect']))).toEqual([
			'Deck',
			'Lights',
			'Chat',
			'Songs'
		]);
	});
	it('tops up from what a share link offers when it allows few of the picks', () => {
		const offered = ['/songs', '/counters', '/widgets', '/about', '/connect'].map(page);
		expect(labels(barPages(offered, DEFAULT_BAR))).toEqual(['Songs', 'Counters']);
	});
});

describe('opensWithoutPage', () => {
	it('is true for an address naming no page and carrying nothing but dock', () => {
		expect(opensWithoutPage({ hash: '', search: '' })).toBe(true);
		expect(opensWithoutPage({ hash: '#/', search: '?dock=1' })).toBe(true);
		expect(opensWithoutPage({ hash: '#/?dock=1', search: '' })).toBe(true);
	});
	it('is false for a page, a token (pairing, share link) or any other param', () => {
		expect(opensWithoutPage({ hash: '#/songs', search: '' })).toBe(false);
		expect(opensWithoutPage({ hash: '#/?token=share_x', search: '' })).toBe(false);
		expect(opensWithoutPage({ hash: '#/?demo=1', search: '' })).toBe(false);
	});
});

describe('NavPrefs', () => {
	it('keeps the bar between one and five pages, and remembers it and the last page', async () => {
		const storage = memory();
		const { value: prefs, stop } = mounted(() => new NavPrefs(storage));
		for (const href of ['/lights', '/polls', '/tts']) prefs.toggle(href);
		expect(prefs.picks).toHaveLength(BAR_MAX);
		expect(prefs.picks).not.toContain('/tts');
		expect(prefs.canToggle('/tts')).toBe(false);
		expect(prefs.canToggle('/lights')).toBe(true);
		prefs.toggle('/routines');
		expect(prefs.picks).not.toContain('/routines');
		prefs.toggle('/connect');
		expect(prefs.picks).not.toContain('/connect');
		prefs.rememberPage('/polls');
		prefs.rememberPage('/nowhere');
		await stop();
		const { value: again, stop: stop2 } = mounted(() => new NavPrefs(storage));
		expect(again.picks).toEqual([...DEFAULT_BAR, '/lights']);
		expect(again.lastPage).toBe('/polls');
		for (const href of [...again.picks]) again.toggle(href);
		expect(again.picks).toHaveLength(1);
		await stop2();
	});
	it('reads a damaged or foreign entry as missing', async () => {
		const storage = memory({
			'stream-control:nav-bar': '["/nowhere"]',
			'stream-control:last-page': '42'
		});
		const { value: prefs, stop } = mounted(() => new NavPrefs(storage));
		expect(prefs.picks).toEqual(DEFAULT_BAR);
		expect(prefs.lastPage).toBeUndefined();
		await stop();
	});
});

describe('Dock', () => {
	it('?dock=1 or dock=0 in the address wins for that load; else the answer kept on the device', async () => {
		expect(dockParam({ hash: '#/?dock=1', search: '' })).toBe(true);
		expect(dockParam({ hash: '#/', search: '?dock=0' })).toBe(false);
		expect(dockParam({ hash: '#/', search: '' })).toBeUndefined();
		const storage = memory();
		const fresh = mounted(() => new Dock({ hash: '#/', search: '' }, storage));
		expect([fresh.value.on, fresh.value.answered]).toEqual([false, false]);
		fresh.value.set(true);
		await fresh.stop();
		const kept = mounted(() => new Dock({ hash: '#/', search: '' }, storage));
		expect([kept.value.on, kept.value.answered]).toEqual([true, true]);
		await kept.stop();
		const off = mounted(() => new Dock({ hash: '#/?dock=0', search: '' }, storage));
		expect(off.value.on).toBe(false);
		await off.stop();
	});
	it("the streamer's switch replaces what the address asked, and is kept", async () => {
		const storage = memory();
		const asked = mounted(() => new Dock({ hash: '#/?dock=1', search: '' }, storage));
		expect([asked.value.on, asked.value.answered]).toEqual([true, true]);
		asked.value.set(false);
		expect(asked.value.on).toBe(false);
		expect(storage.items.get('stream-control:dock')).toBe('"off"');
		await asked.stop();
	});
});
