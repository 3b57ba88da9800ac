/** Plausible song metadata for a search query or URL, deterministic so tests can rely on it. */

const CATALOG_SONGS: { title: string; artist: string }[] = [
	{ title: 'Golden Hour Drive', artist: 'Velvet Comets' },
	{ title: 'Low Orbit', artist: 'Saturn Youth' },
	{ title: 'Cassette Summer', artist: 'The Rewinds' },
	{ title: 'Glass Garden', artist: 'Mira Sol' },
	{ title: 'Northbound', artist: 'Pine & Harbor' },
	{ title: 'Pixel Heart', artist: 'Arcade Bloom' },
	{ title: 'Slow Tide', artist: 'Coastline Radio' },
	{ title: 'Ember Lights', artist: 'Kite Parade' }
];

const ARTISTS = [
	'Lumen Drift',
	'Paper Satellites',
	'Neon Lakes',
	'The Quiet Hours',
	'Juniper Fox',
	'Aurora Fields'
];

export function hashOf(text: string): number {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
	return h;
}

const titleCase = (s: string) =>
	s
		.toLowerCase()
		.split(/\s+/)
		.filter(Boolean)
		.map((w) => w[0]!.toUpperCase() + w.slice(1))
		.join(' ');

/** Cover art as an inline SVG, so widgets show something without any network. */
export function coverArt(seed: string): string {
	const hue = hashOf(seed) % 360;
	return `data:image/svg+xml,${encodeURIComponent(
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="hsl(${hue},65%,40%)"/><circle cx="32" cy="32" r="16" fill="hsl(${(hue + 150) % 360},70%,65%)"/></svg>`
	)}`;
}

export interface SongMetadata {
	title: string;
	artist: string;
	url: string;
	image: string;
	/** Seconds. */
	duration: number;
}

/**
 * "Artist - Title" and "Title by Artist" are split; a URL maps to a catalogue song; any other query
 * becomes the title (title-cased) by an artist picked from the query's hash.
 */
export function songFromQuery(query: string): SongMetadata {
	const q = query.trim().slice(0, 200);
	const h = hashOf(q.toLowerCase());
	const duration = 150 + (h % 150);
	const slug =
		q
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '') || 'track';
	let title: string;
	let artist: string;
	let url = `https://music.example/search/${encodeURIComponent(slug)}`;
	const dash = /^(.+?)\s+[-–]\s+(.+)$/.exec(q);
	const by = /^(.+?)\s+by\s+(.+)$/i.exec(q);
	if (/^https?:\/\//i.test(q)) {
		const song = CATALOG_SONGS[h % CATALOG_SONGS.length]!;
		({ title, artist } = song);
		url = q;
	} else if (dash) {
		artist = titleCase(dash[1]!);
		title = titleCase(dash[2]!);
	} else if (by) {
		title = titleCase(by[1]!);
		artist = titleCase(by[2]!);
	} else {
		title = titleCase(q);
		artist = ARTISTS[h % ARTISTS.length]!;
	}
	return { title, artist, url, image: coverArt(`${artist}/${title}`), duration };
}
