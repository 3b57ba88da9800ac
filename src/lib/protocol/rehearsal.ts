/**
 * Rehearsals as data: what the scene check and the builder's preview ask the companion to inject into
 * widget sockets (POST /__companion/rehearse), and the event envelope each one becomes. The application
 * never sees any of it; the envelopes carry `replay: false` and the test marker, so a widget can tell a
 * rehearsal from a viewer and keep it out of every total.
 */
import * as v from 'valibot';
import { PREVIEW_ID, PREVIEW_TARGET_PREFIX } from './widget-socket';
import { GOAL_STEP_EVENT, TEST_MARK, TIMER_CHANGE_EVENT } from './rehearsal-mark';

export { GOAL_STEP_EVENT, TEST_MARK, TIMER_CHANGE_EVENT, isRehearsal } from './rehearsal-mark';

export const REHEARSAL_KINDS = ['alert', 'chat', 'goal', 'timer'] as const;
export type RehearsalKind = (typeof REHEARSAL_KINDS)[number];

/** The alert box's kinds a rehearsal can fire, each as the alert key the application would push (facts §3.6). */
export const REHEARSAL_ALERTS = {
	follower: 'alpha-follower',
	subscriber: 'alpha-subscriber',
	gift: 'alpha-giftSubscription',
	bits: 'alpha-bits',
	raid: 'alpha-raid',
	tip: 'appstream-donation',
	superchat: 'beta-superchat',
	member: 'beta-member',
	points: 'alpha-points'
} as const;
export type RehearsalAlert = keyof typeof REHEARSAL_ALERTS;
export const REHEARSAL_ALERT_KINDS = Object.keys(REHEARSAL_ALERTS) as RehearsalAlert[];

const name = v.optional(
	v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)),
	'test_viewer'
);
/** Every widget, one widget by its id (`w12`), or the builder preview that carries `preview=<id>`. */
const target = v.optional(
	v.union(
		[
			v.literal('all'),
			v.pipe(v.string(), v.regex(/^w[0-9]{1,9}$/)),
			v.pipe(
				v.string(),
				v.check(
					(t) =>
						t.startsWith(PREVIEW_TARGET_PREFIX) &&
						PREVIEW_ID.test(t.slice(PREVIEW_TARGET_PREFIX.length))
				)
			)
		],
		'must be "all", a widget id or "preview:" and a preview id'
	),
	'all'
);

export const RehearsalSchema = v.variant('kind', [
	v.object({
		kind: v.literal('alert'),
		alert: v.picklist(REHEARSAL_ALERT_KINDS, `must be one of ${REHEARSAL_ALERT_KINDS.join(', ')}`),
		amount: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1e9)), 1),
		name,
		target
	}),
	v.object({
		kind: v.literal('chat'),
		text: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(500)),
		name,
		target
	}),
	v.object({
		kind: v.literal('goal'),
		step: v.optional(v.pipe(v.number(), v.finite(), v.minValue(-1e9), v.maxValue(1e9)), 1),
		target
	}),
	v.object({
		kind: v.literal('timer'),
		seconds: v.optional(
			v.pipe(v.number(), v.integer(), v.minValue(-86_400), v.maxValue(86_400)),
			60
		),
		target
	})
]);
export type Rehearsal = v.InferOutput<typeof RehearsalSchema>;

/** The envelope types each rehearsal is pushed as: a widget that did not subscribe to it is skipped. */
export const REHEARSAL_ENVELOPE_TYPE: Record<RehearsalKind, string> = {
	alert: 'alert',
	chat: 'chat',
	goal: 'alert',
	timer: 'alert'
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The event one rehearsal becomes, shaped like the application's own (facts §3.4–3.6), plus the marker. */
export function rehearsalEnvelope(r: Rehearsal, now: number, id: string): Record<string, unknown> {
	const d = new Date(now);
	const stamp = {
		time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
		timestamp: now,
		[TEST_MARK]: true
	};
	switch (r.kind) {
		case 'alert': {
			const key = REHEARSAL_ALERTS[r.alert];
			const amount = r.alert === 'follower' || r.alert === 'subscriber' ? undefined : r.amount;
			return {
				origin: key.slice(0, key.indexOf('-')),
				type: 'alert',
				event: key,
				data: {
					dynamic: {
						value: amount ?? r.name,
						username: r.name,
						...(amount === undefined ? {} : { amount })
					},
					replay: false,
					[TEST_MARK]: true,
					extraSettings: {
						username: r.name.toLowerCase(),
						displayname: r.name,
						userId: `test-${id}`,
						...(amount === undefined ? {} : { amount }),
						...(r.alert === 'points' ? { command: 'Test reward', currency: 'points' } : {}),
						...stamp
					}
				}
			};
		}
		case 'chat':
			return {
				origin: 'alpha',
				type: 'chat',
				data: {
					id: `test-${id}`,
					channel: 'test',
					message: r.text,
					[TEST_MARK]: true,
					extraSettings: {
						username: r.name.toLowerCase(),
						displayname: r.name,
						userId: 'test-viewer',
						badges: [],
						userLevels: { anyone: true },
						messageId: `test-${id}`,
						...stamp
					}
				}
			};
		case 'goal':
			return {
				origin: 'alpha',
				type: 'alert',
				event: GOAL_STEP_EVENT,
				data: { dynamic: { value: r.step }, replay: false, [TEST_MARK]: true, extraSettings: stamp }
			};
		case 'timer':
			return {
				origin: 'appstream',
				type: 'alert',
				event: TIMER_CHANGE_EVENT,
				data: {
					dynamic: { value: r.seconds },
					replay: false,
					[TEST_MARK]: true,
					extraSettings: {
						variable_name: 'rehearsal_timer_seconds',
						variable_value: r.seconds,
						...stamp
					}
				}
			};
	}
}
