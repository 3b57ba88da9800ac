/**
 * Page-only state classes (they live beside their routes) as the browser compiles them: the deck, the
 * saved routines and the routine draft, the widget builder and the lights' colour form. Each is
 * created inside an effect root and read by an effect, so a derived value is seen to follow its input.
 */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { DeckStore } from '$lib/app/deck/store.svelte';
import { RoutineDraft } from '../../src/routes/(app)/routines/draft.svelte';
import { presets } from '../../src/routes/(app)/routines/presets';
import { SavedRoutines } from '$lib/app/saved-routines.svelte';
import { WidgetBuilder } from '../../src/routes/(app)/widgets/builder.svelte';
import { ColorForm } from '../../src/routes/(app)/lights/color-form.svelte';
import { WIDGETS } from '$lib/widgets/definitions';
import { mounted } from './watch.svelte';

function memory() {
	const items = new Map<string, string>();
	return {
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v),
		removeItem: (k: string) => void items.delete(k)
	};
}

describe('Deck', () => {
	it('keeps favourites and pages on the device, and a reader sees each change', async () => {
		const storage = memory();
		const seen: number[] = [];
		const viewport = { width: 360, height: 780, coarse: true };
		const { value: deck, stop } = mounted(
			() => new DeckStore('demo', { storage, viewport }),
			(d) => seen.push(d.pages.flatMap((p) => p.buttons).length + d.pages.length)
		);
		const scene = { kind: 'trigger', type: 'studio-scene', name: 'Intro' } as const;
		deck.toggleFavourite(scene);
		const page = deck.addPage('  Scenes  ');
		deck.addAction(page.id, scene);
		flushSync();
		expect(seen.at(-1)).toBe(4);
		const again = new DeckStore('demo', { storage, viewport });
		expect(again.favouriteOf(scene)).toBeDefined();
		expect(again.page(page.id)).toMatchObject({
			name: 'Scenes',
			buttons: [{ action: scene, look: { label: 'Intro' } }]
		});
		storage.setItem('stream-control:deck:v2:demo', '{"favourites":5}');
		expect(new DeckStore('demo', { storage, viewport }).pages).toEqual([]);
		await stop();
	});
});

describe('routines', () => {
	it('SavedRoutines: saves valid routines, refuses broken ones with the rule, drops a damaged entry on load', async () => {
		const storage = memory();
		const { value: saved, stop } = mounted(() => new SavedRoutines(storage));
		expect(saved.save({ ...presets()[0]!, id: 'r1' }).ok).toBe(true);
		const broken = saved.save({ id: 'r2', name: ' ', actions: [] });
		expect(broken).toEqual({ ok: false, message: 'Name is required' });
		storage.setItem(
			'stream-control:routines',
			JSON.stringify([{ ...presets()[0]!, id: 'r1' }, { id: 'bad' }])
		);
		expect(new SavedRoutines(storage).routines.map((r) => r.id)).toEqual(['r1']);
		await stop();
	});

	it('RoutineDraft: its actions and check follow the steps', async () => {
		const checks: boolean[] = [];
		const { value: draft, stop } = mounted(
			() => new RoutineDraft(),
			(d) => checks.push(d.check.ok)
		);
		expect(draft.actions).toEqual([]);
		draft.load(presets()[0]!, false);
		flushSync();
		expect(draft.actions).toEqual(presets()[0]!.actions);
		expect(checks.at(-1)).toBe(true);
		draft.move(0, 1);
		expect(draft.actions[1]).toEqual(presets()[0]!.actions[0]);
		draft.clear();
		flushSync();
		expect(draft.steps).toEqual([]);
		expect(checks.at(-1)).toBe(draft.check.ok);
		await stop();
	});
});

describe('WidgetBuilder', () => {
	it('reads typed values with the widget schema, names a bad one, and resets', async () => {
		const urls: string[] = [];
		const { value: builder, stop } = mounted(
			() => new WidgetBuilder(),
			(b) => urls.push(b.params.toString())
		);
		const counter = WIDGETS.find((w) => w.id === 'counter')!;
		builder.widgetId = counter.id;
		const name = counter.fields.find((f) => f.key === 'name')!;
		builder.set(name, 'deaths');
		flushSync();
		expect(urls.at(-1)).toContain('name=deaths');
		const goal = counter.fields.find((f) => f.key === 'goal')!;
		builder.set(goal, 'lots');
		expect(builder.result.issues.goal).toBeTruthy();
		builder.reset();
		flushSync();
		expect(urls.at(-1)).not.toContain('name=deaths');
		await stop();
	});

	it('shows the alert box’s default templates in the widget’s language, and leaves them out of the URL', async () => {
		const urls: string[] = [];
		const { value: builder, stop } = mounted(
			() => new WidgetBuilder(),
			(b) => urls.push(b.params.toString())
		);
		const box = WIDGETS.find((w) => w.id === 'alert-box')!;
		builder.widgetId = box.id;
		const field = (key: string) => box.fields.find((f) => f.key === key)!;
		expect(builder.raw(field('followerText'))).toBe('{name} followed!');
		builder.set(field('lang'), 'de');
		flushSync();
		expect(builder.raw(field('followerText'))).toBe('{name} folgt jetzt!');
		expect(builder.raw(field('bitsText'))).toBe('{name} hat {amount} Bits gecheert!');
		expect(urls.at(-1)).toBe('lang=de');
		// Typed back to the default, it follows the language again.
		builder.set(field('followerText'), '{name} ist da!');
		flushSync();
		expect(urls.at(-1)).toContain('followerText=');
		builder.set(field('followerText'), '{name} folgt jetzt!');
		builder.set(field('lang'), 'fr');
		flushSync();
		expect(builder.raw(field('followerText'))).toBe('{name} suit la chaîne\u00a0!');
		expect(urls.at(-1)).toBe('lang=fr');
		await stop();
	});
});

describe('ColorForm', () => {
	it('picks a preset into both hex and RGB, and sends the params of the chosen mode', async () => {
		const previews: (string | undefined)[] = [];
		const { value: form, stop } = mounted(
			() => new ColorForm(),
			(f) => previews.push(f.preview)
		);
		form.pick('#0040ff');
		form.mode = 'rgb';
		flushSync();
		expect(previews.at(-1)).toBe('rgb(0 64 255)');
		expect(form.type).toBe('rgb-color');
		expect(form.params([]).value).toEqual({ r: 0, g: 64, b: 255 });
		await stop();
	});
});
