/**
 * How one deck button is fired, beside touch: its press safety and the desktop inputs mapped to it.
 * Shared by the deck's stored layout (which keeps these per button) and the input drivers (keys, MIDI,
 * gamepad), so both read one schema.
 */
import * as v from 'valibot';

/** tap: fires at once; hold: fires after a held press (a visible fill, cancelled on release); confirm: a dialog first. */
export const PressModeSchema = v.picklist(['tap', 'hold', 'confirm']);
export type PressMode = v.InferOutput<typeof PressModeSchema>;

/**
 * A key as `KeyboardEvent.code` plus modifiers, so a layout works whatever the keyboard's language.
 * `cap` is the letter the streamer's keyboard gave when it was learnt (a German KeyZ is "Y"), only
 * to name it: matching is by code, and a binding saved without it is named by the code's US place.
 */
export const KeyBindingSchema = v.object({
	code: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
	cap: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2))),
	ctrl: v.optional(v.boolean(), false),
	alt: v.optional(v.boolean(), false),
	shift: v.optional(v.boolean(), false),
	meta: v.optional(v.boolean(), false)
});
export type KeyBinding = v.InferOutput<typeof KeyBindingSchema>;

const midiByte = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(127));
/** A note-on or a control change (value > 0 fires), on a channel 1–16; `input` names the device when known. */
export const MidiBindingSchema = v.object({
	kind: v.picklist(['note', 'cc']),
	channel: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16)),
	number: midiByte,
	input: v.optional(v.pipe(v.string(), v.maxLength(120)))
});
export type MidiBinding = v.InferOutput<typeof MidiBindingSchema>;

/** A button of the standard gamepad mapping, on any connected pad. */
export const GamepadBindingSchema = v.object({
	button: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(63))
});
export type GamepadBinding = v.InferOutput<typeof GamepadBindingSchema>;

export const InputBindingsSchema = v.object({
	key: v.optional(KeyBindingSchema),
	midi: v.optional(MidiBindingSchema),
	gamepad: v.optional(GamepadBindingSchema)
});
export type InputBindings = v.InferOutput<typeof InputBindingsSchema>;
