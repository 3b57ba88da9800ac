/**
 * Viewers' alerts as the application names them per platform (protocol facts §3.6): follows, subs,
 * gifts, bits, raids and rewards. The scene check reads which platforms a streamer has from the
 * enabled alerts, then which of these that platform's alert box could show; the simulator's setup
 * enables them.
 */
export const VIEWER_ALERT_KEYS = {
	alpha: [
		'alpha-follower',
		'alpha-subscriber',
		'alpha-giftSubscription',
		'alpha-bits',
		'alpha-raid',
		'alpha-points'
	],
	beta: ['beta-subscriber', 'beta-member', 'beta-giftMembers', 'beta-superchat'],
	gamma: [
		'gamma-follower',
		'gamma-subscriber',
		'gamma-subscriptionGift',
		'gamma-kicks',
		'gamma-host',
		'gamma-points'
	]
} as const;
