/**
 * One deck on every device: the companion keeps the shared deck of a setup, and each device sends its
 * changes with what it started from. The rule, per page: a page changed on one side only takes that
 * change; a page changed on both sides keeps the version edited last (by the editing device's clock) in
 * place, and the other one as a backup page beside it ("Live (from phone, 14:02)"). A page deleted on
 * one side and changed on the other is kept. So a conflict never loses a page. Pure, for the server.
 */
import * as v from 'valibot';
import type { Refusal } from '../../share/refusals';
import { DeckDocumentSchema, GRID_LIMITS, newId, type DeckDocument, type DeckPage } from './layout';

/** When a page of the shared deck last changed (the deck's revision then), from which device, when. */
export interface PageStamp {
	rev: number;
	at: number;
	by: string;
}

export interface SharedDeck {
	rev: number;
	doc: DeckDocument;
	pages: Record<string, PageStamp>;
}

/** A device's page against the shared deck: the revision it started from (null: made on the device). */
export interface PageBase {
	base: number | null;
	dirty: boolean;
	/** When the device last changed it (ms). */
	at: number;
}

/** What a device sends: its whole deck, what each page started from, and the pages it deleted. */
export interface DeckPush {
	base: number;
	/** Which device: "phone", "PC", "dock". */
	by: string;
	doc: DeckDocument;
	pages: Record<string, PageBase>;
	/** Pages deleted on the device: id → the revision it had. */
	removed: Record<string, number>;
}

const name = v.pipe(v.string(), v.minLength(1), v.maxLength(20));
const rev = v.pipe(v.number(), v.integer(), v.minValue(0));
const at = v.pipe(v.number(), v.integer(), v.minValue(0));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(40));

/** A push as it arrives; its `doc` is checked on its own, so the deck's own rule is the one named. */
export const DeckPushSchema = v.object({
	base: rev,
	by: name,
	doc: v.unknown(),
	pages: v.record(id, v.object({ base: v.nullable(rev), dirty: v.boolean(), at })),
	removed: v.record(id, rev)
});

export const PageStampSchema = v.object({ rev, at, by: name });
export const SharedDeckSchema = v.object({
	rev,
	doc: DeckDocumentSchema,
	pages: v.record(id, PageStampSchema)
});

const same = (a: DeckPage, b: DeckPage) => JSON.stringify(a) === JSON.stringify(b);

/** "14:02" in the companion's own time zone (the streamer's PC). */
export const clockOf = (ms: number): string => {
	const d = new Date(ms);
	return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

export type MergeResult =
	| { ok: true; shared: SharedDeck }
	| { ok: false; refusal: Extract<Refusal, { kind: 'deck_too_big' }> };

export function mergePush(
	shared: SharedDeck | undefined,
	push: DeckPush & { doc: DeckDocument },
	now: number
): MergeResult {
	const rev = (shared?.rev ?? 0) + 1;
	const server = new Map((shared?.doc.pages ?? []).map((p) => [p.id, p]));
	const stamps = shared?.pages ?? {};
	const pages: DeckPage[] = [];
	const out: Record<string, PageStamp> = {};
	const mine = (p: DeckPage, at: number) => {
		pages.push(p);
		out[p.id] = { rev, at, by: push.by };
	};
	const theirs = (p: DeckPage) => {
		pages.push(p);
		out[p.id] = stamps[p.id] ?? { rev, at: now, by: push.by };
	};
	const backups: { page: DeckPage; stamp: PageStamp }[] = [];

	for (const page of push.doc.pages) {
		const info = push.pages[page.id] ?? { base: null, dirty: true, at: now };
		const there = server.get(page.id);
		if (!there) {
			// New on the device, or deleted elsewhere but changed here: kept. Deleted elsewhere, untouched here: gone.
			if (info.base === null || info.dirty || !shared) mine(page, info.at);
			continue;
		}
		const stamp = stamps[page.id] ?? { rev: 0, at: 0, by: push.by };
		if (same(page, there) || !info.dirty) theirs(there);
		else if (info.base !== null && stamp.rev <= info.base) mine(page, info.at);
		else if (info.at >= stamp.at) {
			mine(page, info.at);
			backups.push({ page: there, stamp });
		} else {
			theirs(there);
			backups.push({ page, stamp: { rev, at: info.at, by: push.by } });
		}
	}
	const onDevice = new Set(push.doc.pages.map((p) => p.id));
	for (const page of shared?.doc.pages ?? []) {
		if (onDevice.has(page.id)) continue;
		const removedAt = push.removed[page.id];
		// Deleted on the device: gone unless it changed here after the device's copy.
		if (removedAt !== undefined && (stamps[page.id]?.rev ?? 0) <= removedAt) continue;
		theirs(page);
	}
	const names = new Set(pages.map((p) => p.name.toLowerCase()));
	for (const { page, stamp } of backups) {
		const base = `${page.name} (from ${stamp.by}, ${clockOf(stamp.at)})`.slice(0, 60);
		let label = base;
		for (let i = 2; names.has(label.toLowerCase()); i++) label = `${base.slice(0, 56)} ${i}`;
		names.add(label.toLowerCase());
		const copy = { ...page, id: newId('p'), name: label };
		// Beside the winner, so the two versions are next to each other.
		pages.splice(pages.findIndex((p) => p.id === page.id) + 1 || pages.length, 0, copy);
		out[copy.id] = { rev, at: stamp.at, by: stamp.by };
	}
	if (pages.length > GRID_LIMITS.pages)
		return {
			ok: false,
			refusal: { kind: 'deck_too_big', params: { pages: pages.length, max: GRID_LIMITS.pages } }
		};
	const doc: DeckDocument = { version: push.doc.version, pages };
	if (shared && JSON.stringify(doc) === JSON.stringify(shared.doc)) return { ok: true, shared };
	return { ok: true, shared: { rev, doc, pages: out } };
}
