/** Numeric limits stated by the spec (Limits table). Forms, the simulator and tests read them from here. */
export const LIMITS = {
	actionsPerRequest: 50,
	actionNestingDepth: 5,
	/**
	 * Our own cap (the spec states none): the simulator waits at most this long in all for one
	 * run-actions list's delay steps (later waits are cut), and our client's request timeout for a
	 * routine is derived from the same figure.
	 */
	runActionsMaxWaitMs: 60_000,
	colorTemperature: { min: 2900, max: 7000 },
	brightness: { min: 0, max: 100, default: 100 },
	transitionDefault: 0,
	durationDefault: 4000,
	chatbotCooldownDefault: 5000,
	timeoutDefault: 10,
	slowMode: { min: 3, max: 120, default: 30 },
	followMode: { min: 0, max: 129600, default: 0 },
	commercial: { min: 30, max: 180 },
	poll: { min: 15, max: 1800 },
	prediction: { min: 30, max: 1800 },
	rgbChannel: { min: 0, max: 255 },
	ttsVolume: { min: 0, max: 100 }
} as const;
