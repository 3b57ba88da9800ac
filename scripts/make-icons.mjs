/**
 * Writes the home-screen icons in static/ (run once: `node scripts/make-icons.mjs`; the PNGs are
 * committed). Node built-ins only: each pixel is drawn by a small shape test, 4×4 supersampled,
 * and stored as an RGBA PNG through zlib.
 *
 * The glyph is a white disc with a play triangle cut out, on the dashboard's accent colour:
 * - icon-192.png, icon-512.png (purpose "any"): a rounded square, transparent corners;
 * - icon-maskable-512.png (purpose "maskable"): full bleed, the glyph inside the 40 % safe circle;
 * - apple-touch-icon.png (180): full bleed (iOS rounds the corners itself).
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';

const ACCENT = [0x6d, 0x4a, 0xff];
const WHITE = [0xff, 0xff, 0xff];
const OUT = join(import.meta.dirname, '..', 'static');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});
function crc32(bytes) {
	let c = 0xffffffff;
	for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(data.length, 0);
	head.write(type, 4, 'ascii');
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
	return Buffer.concat([head, data, crc]);
}
function png(size, colourAt) {
	const raw = Buffer.alloc(size * (size * 4 + 1));
	for (let y = 0; y < size; y++) {
		raw[y * (size * 4 + 1)] = 0; // filter: none
		for (let x = 0; x < size; x++) raw.set(colourAt(x, y), y * (size * 4 + 1) + 1 + x * 4);
	}
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(size, 0);
	ihdr.writeUInt32BE(size, 4);
	ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
	const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	return Buffer.concat([
		signature,
		chunk('IHDR', ihdr),
		chunk('IDAT', deflateSync(raw, { level: 9 })),
		chunk('IEND', Buffer.alloc(0))
	]);
}

/** The colour of one point (u, v in 0..1), or undefined outside the icon. */
function shape({ corner, glyph }) {
	return (u, v) => {
		if (corner > 0) {
			const cx = Math.min(Math.max(u, corner), 1 - corner);
			const cy = Math.min(Math.max(v, corner), 1 - corner);
			if ((u - cx) ** 2 + (v - cy) ** 2 > corner ** 2) return undefined;
		}
		const dx = u - 0.5;
		const dy = v - 0.5;
		if (dx * dx + dy * dy > glyph * glyph) return ACCENT;
		// Play triangle: points right, centred a little right of the middle.
		const t = glyph * 0.5;
		const left = -t * 0.75;
		const inTriangle =
			dx >= left &&
			Math.abs(dy) <= ((t * 1.1 - (dx - left)) / (t * 1.1 * 1.5)) * t * 1.1 &&
			dx <= left + t * 1.65;
		return inTriangle ? ACCENT : WHITE;
	};
}

function draw(size, style) {
	const at = shape(style);
	const n = 4;
	return png(size, (x, y) => {
		let r = 0,
			g = 0,
			b = 0,
			a = 0;
		for (let i = 0; i < n; i++)
			for (let j = 0; j < n; j++) {
				const c = at((x + (i + 0.5) / n) / size, (y + (j + 0.5) / n) / size);
				if (!c) continue;
				r += c[0];
				g += c[1];
				b += c[2];
				a += 1;
			}
		return a
			? [Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((a / (n * n)) * 255)]
			: [0, 0, 0, 0];
	});
}

const ANY = { corner: 0.2, glyph: 0.32 };
const FULL = { corner: 0, glyph: 0.26 };
for (const [name, size, style] of [
	['icon-192.png', 192, ANY],
	['icon-512.png', 512, ANY],
	['icon-maskable-512.png', 512, FULL],
	['apple-touch-icon.png', 180, FULL]
]) {
	const file = draw(size, style);
	writeFileSync(join(OUT, name), file);
	console.log(`${name}: ${size}×${size}, ${file.length} bytes`);
}
