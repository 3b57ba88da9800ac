/** The deck's router before SvelteKit starts (src/deck-entry), as the browser compiles it, on a fake window. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushSync } from 'svelte';
import { ShellRouter } from '../../src/deck-entry/shell-router.svelte';

let address: string;
const history = {
	state: { mark: 1 } as unknown,
	pushState(state: unknown, _unused: string, url: string) {
		this.state = state;
		address = url;
	},
	replaceState(state: unknown, _unused: string, url: string) {
		this.state = state;
		address = url;
	}
};
const window = new EventTarget();

beforeEach(() => {
	address = '#/?token=x';
	history.state = { mark: 1 };
	vi.stubGlobal('window', window);
	vi.stubGlobal('history', history);
	vi.stubGlobal('location', {
		get hash() {
			return address;
		}
	});
});
afterEach(() => vi.unstubAllGlobals());

/** The router's hash as a component shows it, and how often it left. */
function shown() {
	let left = 0;
	const router = new ShellRouter(() => left++);
	const seen: string[] = [];
	const end = $effect.root(() => {
		$effect(() => router.listen());
		$effect(() => {
			seen.push(router.hash);
		});
	});
	flushSync();
	return { router, seen, left: () => left, end };
}

describe('ShellRouter', () => {
	it('follows the address (hash links, back) and leaves only for another page', () => {
		const { router, seen, left, end } = shown();
		address = '#/?token=x&dock=1';
		window.dispatchEvent(new Event('hashchange'));
		flushSync();
		expect(left()).toBe(0);
		address = '#/songs?token=x';
		window.dispatchEvent(new Event('popstate'));
		flushSync();
		expect(left()).toBe(1);
		expect(seen).toEqual(['#/?token=x', '#/?token=x&dock=1', '#/songs?token=x']);
		end();
	});

	it('goes to a page: a new history entry without state, then leaves; a replace keeps the entry and its state', () => {
		const { router, seen, left, end } = shown();
		router.go('#/?x=1', { replace: true });
		flushSync();
		expect([history.state, left()]).toEqual([{ mark: 1 }, 0]);
		router.go('#/counters?x=1');
		flushSync();
		expect([history.state, left()]).toEqual([null, 1]);
		expect(seen).toEqual(['#/?token=x', '#/?x=1', '#/counters?x=1']);
		end();
	});

	it('goes without making the effect that called it follow the address (a redirect runs once)', () => {
		const { router, left, end } = shown();
		let runs = 0;
		const stop = $effect.root(() => {
			$effect(() => {
				runs++;
				router.go('#/counters', { replace: true });
			});
		});
		flushSync();
		address = '#/lights';
		window.dispatchEvent(new Event('hashchange'));
		flushSync();
		expect([runs, address, left()]).toEqual([1, '#/lights', 2]);
		stop();
		end();
	});

	it('stays on the deck when it could not leave: back at its own address, with the query kept', () => {
		const { router, seen, end } = shown();
		address = '#/songs?token=x';
		window.dispatchEvent(new Event('hashchange'));
		flushSync();
		router.stay();
		flushSync();
		expect(address).toBe('#/?token=x');
		expect(seen.at(-1)).toBe('#/?token=x');
		expect(history.state).toEqual({ mark: 1 });
		end();
	});
});
