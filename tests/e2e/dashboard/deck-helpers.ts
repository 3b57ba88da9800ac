/** A deck laid out in advance, as the device stores it, for the deck's browser tests. */
import type { Page } from 'playwright-core';
import type { DeckButton, DeckDocument } from '../../../src/lib/app/deck/layout';
import { TOKEN, type Stack } from '../stack';

let n = 0;
export const tile = (
	col: number,
	row: number,
	action: DeckButton['action'],
	look: Partial<DeckButton['look']> & { label: string },
	extra: Partial<DeckButton> = {}
): DeckButton => ({
	id: `t${++n}`,
	col,
	row,
	width: 1,
	look,
	action,
	press: 'tap',
	inputs: {},
	...extra
});

/** Two pages: a live page with one button of each kind, and a page of scenes. */
export const SAMPLE_DECK: DeckDocument = {
	version: 2,
	pages: [
		{
			id: 'live',
			name: 'Live',
			columns: 3,
			rows: 4,
			buttons: [
				tile(
					0,
					0,
					{ kind: 'trigger', type: 'chat-command', name: 'lurk' },
					{ label: 'Lurk', emoji: '👀' }
				),
				tile(
					1,
					0,
					{ kind: 'toggle', target: 'stream-mode' },
					{ label: 'Stream mode', icon: 'bolt' }
				),
				tile(
					2,
					0,
					{ kind: 'counter', name: 'deaths', step: 'add', amount: 1 },
					{ label: 'Death', live: 'Deaths: {{deaths}}' }
				),
				tile(0, 1, { kind: 'light', color: '#ff8800' }, { label: 'Orange' }),
				tile(
					1,
					1,
					{ kind: 'switch', target: 'command', name: 'lurk', on: false },
					{ label: 'Disable lurk' }
				),
				tile(2, 1, { kind: 'text', target: 'chat', text: 'Hello chat!' }, { label: 'Say hello' }),
				tile(
					0,
					2,
					{ kind: 'trigger', type: 'alert', name: 'alpha-follower' },
					{ label: 'Test follow' }
				),
				tile(1, 2, { kind: 'toggle', target: 'fuze' }, { label: 'Fuze' }),
				tile(
					2,
					2,
					{
						kind: 'routine',
						name: 'Pause',
						actions: [{ base: 'app', type: 'pauseQueue', value: {} }]
					},
					{ label: 'Pause queue' }
				),
				tile(0, 3, { kind: 'page', page: 'scenes' }, { label: 'Scenes page' }, { width: 2 })
			]
		},
		{
			id: 'scenes',
			name: 'Scenes',
			columns: 2,
			rows: 2,
			buttons: [
				tile(
					0,
					0,
					{ kind: 'trigger', type: 'studio-scene', name: 'Gameplay' },
					{ label: 'Gameplay' }
				)
			]
		}
	]
};

export const deckKey = (stack: Stack) => `stream-control:deck:v2:127.0.0.1:${stack.sim.port}`;

/** Stores the deck for this simulator's setup, then reloads so the page reads it. */
export async function seedDeck(
	page: Page,
	stack: Stack,
	doc: unknown = SAMPLE_DECK
): Promise<void> {
	await page.evaluate(
		([key, value]) => localStorage.setItem(key!, value!),
		[deckKey(stack), JSON.stringify(doc)]
	);
	await page.reload();
}

/** Another client changes the application behind the dashboard's back. */
export async function sendElsewhere(
	stack: Stack,
	type: string,
	params: Record<string, unknown>
): Promise<number> {
	const answer = await fetch(
		`http://127.0.0.1:${stack.sim.port}/api/send?token=${encodeURIComponent(TOKEN)}`,
		{
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ type, params })
		}
	);
	return answer.status;
}

/** No scrolling: the document is no taller or wider than the window, and every tile is inside it. */
export async function fitsScreen(page: Page): Promise<{ scrolls: boolean; outside: string[] }> {
	return page.evaluate(() => {
		const root = document.documentElement;
		const scrolls =
			root.scrollHeight > window.innerHeight + 1 || root.scrollWidth > window.innerWidth + 1;
		const outside = [...document.querySelectorAll<HTMLElement>('.deck-grid .tile')]
			.filter((t) => {
				const r = t.getBoundingClientRect();
				return (
					r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1 || r.height < 40
				);
			})
			.map((t) => t.textContent ?? '');
		return { scrolls, outside };
	});
}
