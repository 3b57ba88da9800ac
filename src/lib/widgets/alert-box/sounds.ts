/**
 * An alert's sound: a few chimes synthesized with WebAudio (no file, nothing from another origin), or
 * one of the streamer's files that the companion serves from its media folder, same origin
 * (`media/<file>` beside widget.html). Broadcasting software plays sound without a click; a desktop
 * browser holds it until the page was clicked once.
 */
import type { Look } from './look';

/** Each tune's wave and notes: "frequency (Hz) start (s) length (s)", notes apart by commas. */
const TUNES: Readonly<Record<string, { wave: OscillatorType; notes: string }>> = {
	chime: { wave: 'sine', notes: '880 0 0.5, 1318.5 0.12 0.7' },
	bell: { wave: 'triangle', notes: '659.3 0 1.2, 1318.5 0 0.8, 1975.5 0 0.4' },
	coin: { wave: 'square', notes: '987.8 0 0.08, 1318.5 0.08 0.35' },
	fanfare: {
		wave: 'sawtooth',
		notes: '523.3 0 0.15, 659.3 0.15 0.15, 784 0.3 0.15, 1046.5 0.45 0.6'
	}
};

/** A tune's notes as [frequency, start, length]. */
const notesOf = (notes: string) =>
	notes.split(',').map((note) => note.trim().split(' ').map(Number) as [number, number, number]);

let context: AudioContext | undefined;

/**
 * Starts the audio engine while the box waits, if a look plays a built-in tune: started by the first
 * alert, it took ~90 ms of that alert's task in Chromium 127 (bench/README.md, the burst of alerts).
 */
export function warmSounds(looks: readonly Look[]): void {
	if (context || typeof AudioContext !== 'function') return;
	if (looks.some((look) => TUNES[look.sound] && look.volume > 0)) context = new AudioContext();
}

function synth(name: string, volume: number): void {
	const tune = TUNES[name];
	if (!tune || typeof AudioContext !== 'function') return;
	context ??= new AudioContext();
	const ctx = context;
	const t0 = ctx.currentTime + 0.02;
	const out = ctx.createGain();
	// Square and sawtooth waves sound much louder than sines at the same gain.
	out.gain.value = (volume / 100) * (tune.wave === 'sine' || tune.wave === 'triangle' ? 0.4 : 0.12);
	out.connect(ctx.destination);
	for (const [freq, start, length] of notesOf(tune.notes)) {
		const osc = ctx.createOscillator();
		const env = ctx.createGain();
		osc.type = tune.wave;
		osc.frequency.value = freq;
		env.gain.setValueAtTime(0.0001, t0 + start);
		env.gain.exponentialRampToValueAtTime(1, t0 + start + 0.01);
		env.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
		osc.connect(env).connect(out);
		osc.start(t0 + start);
		osc.stop(t0 + start + length + 0.05);
	}
}

/** The address of a media file beside the widget page. */
export const mediaUrl = (file: string, page = location.href): string =>
	new URL(`media/${encodeURIComponent(file)}`, page.split('#')[0]).href;

/** Plays a look's sound; a file that cannot play is reported once per alert through `onIssue`. */
export function playSound(look: Look, onIssue: (note: string) => void): void {
	if (look.sound === 'none' || look.volume === 0) return;
	if (TUNES[look.sound]) return synth(look.sound, look.volume);
	const audio = new Audio(mediaUrl(look.sound));
	audio.volume = look.volume / 100;
	audio.play().catch((error: unknown) => {
		const why = error instanceof Error && error.name === 'NotAllowedError';
		onIssue(
			why
				? `sound ${look.sound}: the browser waits for a click before playing sound`
				: `sound ${look.sound} was skipped: it did not load or decode`
		);
	});
}
