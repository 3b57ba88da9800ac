/**
 * Share links and their keys, kept in a small owner-only file so they survive a restart.
 * Keys are looked up by their digest, so a lookup's timing says nothing about a key.
 */
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { isSendType, type SendType } from '../lib/protocol/catalog';
import {
	SHARE_KEY_PREFIX,
	SHARE_PROFILES,
	allowedSendTypes,
	type ShareGrant,
	type ShareProfile
} from '../lib/share/profiles';
import { hashKey } from './http-util';
import { readOwnerOnlyJson, writeOwnerOnly } from './owner-file';

export interface ShareLink {
	id: string;
	key: string;
	label: string;
	/** The same as label: the name the widget builder shows and edits for a widget key. */
	name: string;
	profile: ShareProfile;
	/** Chosen types (custom profile only). */
	types: SendType[];
	createdAt: number;
	expiresAt: number | null;
	/** When a request or socket last came with this key (ms), or null: never since it was made. */
	lastConnectedAt: number | null;
	/** Widget keys: the widget's id and its options (the URL's query), to rebuild its URL. */
	widget?: string;
	options?: string;
}

export type KeyFailure = 'unknown' | 'expired' | 'malformed';
export type KeyLookup = { ok: true; link: ShareLink } | { ok: false; reason: KeyFailure };

/** The shape newShareKey makes (older files hold at least 22 characters after the prefix). */
const KEY_SHAPE = new RegExp(`^${SHARE_KEY_PREFIX}[A-Za-z0-9_-]{22,64}$`);
/** lastConnectedAt reaches the file at most this often per key; in memory it is always current. */
const TOUCH_SAVE_MS = 60_000;

const FileSchema = v.object({
	version: v.literal(1),
	links: v.array(
		v.object({
			id: v.pipe(v.string(), v.minLength(1)),
			key: v.pipe(
				v.string(),
				v.startsWith(SHARE_KEY_PREFIX),
				v.minLength(SHARE_KEY_PREFIX.length + 22)
			),
			label: v.string(),
			profile: v.picklist(SHARE_PROFILES),
			types: v.array(
				v.pipe(
					v.string(),
					v.check((t: string) => isSendType(t), 'unknown send type')
				)
			),
			createdAt: v.number(),
			expiresAt: v.nullable(v.number()),
			lastConnectedAt: v.optional(v.nullable(v.number()), null),
			widget: v.optional(v.pipe(v.string(), v.maxLength(40))),
			options: v.optional(v.pipe(v.string(), v.maxLength(8192)))
		})
	)
});

/** 24 random bytes: 192 bits, url-safe. */
export const newShareKey = () => SHARE_KEY_PREFIX + randomBytes(24).toString('base64url');

export class ShareStore {
	readonly #file: string;
	readonly #links = new Map<string, ShareLink>();
	readonly #idByKeyHash = new Map<string, string>();
	readonly #revokeListeners = new Set<(id: string) => void>();
	readonly #savedTouch = new Map<string, number>();

	private constructor(file: string) {
		this.#file = file;
	}

	/**
	 * Loads the file (absent means no links yet); an unreadable file is an error, never silently emptied.
	 * `platform` is for tests: Windows has no Unix file modes (its ACLs keep a user's files private).
	 */
	static open(file: string, log?: (line: string) => void, platform?: NodeJS.Platform): ShareStore {
		const store = new ShareStore(file);
		const saved = readOwnerOnlyJson(file, FileSchema, { what: 'shares', log, platform });
		for (const link of saved?.links ?? [])
			store.#index({ ...link, name: link.label, types: link.types as SendType[] });
		return store;
	}

	get file(): string {
		return this.#file;
	}

	/** Every link and widget key, oldest first. */
	list(): ShareLink[] {
		return [...this.#links.values()].sort((a, b) => a.createdAt - b.createdAt);
	}

	/** The widget builder's keys only (profile `widget`), oldest first. */
	listWidgetKeys(): ShareLink[] {
		return this.list().filter((l) => l.profile === 'widget');
	}

	get(id: string): ShareLink | undefined {
		return this.#links.get(id);
	}

	create(
		input: {
			label: string;
			profile: ShareProfile;
			types: SendType[];
			expiresAt: number | null;
			widget?: string;
			options?: string;
		},
		now = Date.now()
	): ShareLink {
		const link: ShareLink = {
			id: randomBytes(8).toString('hex'),
			key: newShareKey(),
			createdAt: now,
			lastConnectedAt: null,
			name: input.label,
			...input
		};
		this.#index(link);
		this.#save();
		return link;
	}

	/** A new name (label) or, for a widget key, the options its URL carries now. */
	update(id: string, change: { label?: string; options?: string }): ShareLink | undefined {
		const old = this.#links.get(id);
		if (!old) return undefined;
		const label = change.label ?? old.label;
		const link = { ...old, label, name: label, options: change.options ?? old.options };
		this.#links.set(id, link);
		this.#save();
		return link;
	}

	/**
	 * A new key for the same link: the old one stops at once (its sockets are ended like a revoke's).
	 * A new object, so a socket holding the old one keeps checking the old key, which no longer exists.
	 */
	regenerate(id: string): ShareLink | undefined {
		const old = this.#links.get(id);
		if (!old) return undefined;
		const link = { ...old, key: newShareKey(), lastConnectedAt: null };
		this.#idByKeyHash.delete(hashKey(old.key));
		this.#index(link);
		this.#save();
		for (const listener of this.#revokeListeners) listener(id);
		return link;
	}

	/** Removes a link at once; open sockets of that key are told through onRevoke. */
	revoke(id: string): ShareLink | undefined {
		const link = this.#links.get(id);
		if (!link) return undefined;
		this.#links.delete(id);
		this.#idByKeyHash.delete(hashKey(link.key));
		this.#save();
		for (const listener of this.#revokeListeners) listener(id);
		return link;
	}

	/** Called when a key stops working: revoked, or regenerated (the id stays, the key is new). */
	onRevoke(listener: (id: string) => void): () => void {
		this.#revokeListeners.add(listener);
		return () => this.#revokeListeners.delete(listener);
	}

	/** A request or socket came with this link's key: its last connection is now. */
	touch(id: string, now = Date.now()): void {
		const link = this.#links.get(id);
		if (!link) return;
		link.lastConnectedAt = now;
		if (now - (this.#savedTouch.get(id) ?? 0) < TOUCH_SAVE_MS) return;
		this.#savedTouch.set(id, now);
		this.#save();
	}

	lookup(key: string, now = Date.now()): KeyLookup {
		if (!KEY_SHAPE.test(key)) return { ok: false, reason: 'malformed' };
		const id = this.#idByKeyHash.get(hashKey(key));
		const link = id === undefined ? undefined : this.#links.get(id);
		if (!link) return { ok: false, reason: 'unknown' };
		if (isExpired(link, now)) return { ok: false, reason: 'expired' };
		return { ok: true, link };
	}

	#index(link: ShareLink): void {
		this.#links.set(link.id, link);
		this.#idByKeyHash.set(hashKey(link.key), link.id);
	}

	#save(): void {
		writeOwnerOnly(
			this.#file,
			JSON.stringify({ version: 1, links: this.list() }, null, '\t') + '\n'
		);
	}
}

export function isExpired(link: ShareLink, now = Date.now()): boolean {
	return link.expiresAt !== null && now >= link.expiresAt;
}

export function grantOf(link: ShareLink): ShareGrant {
	return {
		id: link.id,
		label: link.label,
		profile: link.profile,
		types: link.types,
		allowed: allowedSendTypes(link.profile, link.types),
		expiresAt: link.expiresAt
	};
}
