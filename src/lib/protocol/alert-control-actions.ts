/**
 * The alert box's control value as the deck writes it (alert-control.ts reads it back): apart from the
 * reading, so the deck's first load does not carry the control value's schema.
 */
export const CONTROL_ACTIONS = ['pause', 'resume', 'skip', 'replay'] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

/** Control variables start so: an alerts share link may write these and no other variable. */
export const ALERT_CONTROL_PREFIX = 'alertbox_';
/** A control variable's longest name (the widget's `control` option and the deck's field hold as much). */
export const CONTROL_NAME_MAX = 120;
/**
 * One alert box's control variable: the prefix, then that widget's own name in letters, digits, `_`
 * or `-` (one variable per widget instance). What an alerts share link may write to.
 */
export const CONTROL_NAME_PATTERN = /^alertbox_[A-Za-z0-9_-]+$/;
/** The variable a widget listens to when its `control` option is left as it is. */
export const DEFAULT_CONTROL_VARIABLE = `${ALERT_CONTROL_PREFIX}main`;

/** `{"action":"pause"|"resume"|"skip"|"replay","at":<epoch ms>}` */
export interface Control {
	action: ControlAction;
	at: number;
}

/** The value a press writes. */
export const controlValue = (action: ControlAction, now = Date.now()): Control => ({
	action,
	at: now
});
