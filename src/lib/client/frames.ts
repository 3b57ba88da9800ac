/**
 * Routing of incoming frames, apart from the connection: every frame goes through parseServerFrame;
 * replies settle the one pending table by context, events of the known envelope types go to listeners,
 * anything else (events of other types included) is counted and dropped. Nothing here throws, and
 * nothing but the parsed result decides what changes.
 */
import { EVENT_TYPES } from '../protocol/vocabulary';
import { parseServerFrame, type Envelope } from '../protocol/messages';
import type { SettingsData } from '../protocol/payloads';

const KNOWN_EVENT_TYPES: ReadonlySet<unknown> = new Set(EVENT_TYPES);
import { Listeners } from './listeners';
import { PendingRequests } from './pending';

export class FrameRouter {
	readonly pending = new PendingRequests();
	readonly events = new Listeners<[Envelope]>();
	readonly retrieves = new Listeners<[SettingsData]>();
	/** Counters for diagnostics and tests. */
	readonly stats = {
		frames: 0,
		invalidFrames: 0,
		strayReplies: 0,
		refusedMessages: 0,
		unknownEvents: 0
	};
	/** Channels last acknowledged by `socketapi:subscribed`. */
	channels: string[] | 'all' = 'all';

	handle(raw: unknown): void {
		this.stats.frames++;
		const frame = parseServerFrame(raw);
		switch (frame.kind) {
			case 'invalid':
				this.stats.invalidFrames++;
				return;
			case 'response': {
				const { context, status, message, error, code } = frame;
				if (!this.pending.settle(context, { kind: 'response', status, message, error, code }))
					this.stats.strayReplies++;
				return;
			}
			case 'retrieve': {
				const outcome = { kind: 'retrieve', data: frame.data } as const;
				// Older versions may not echo the context: the oldest waiting retrieve takes the reply.
				if (frame.context !== undefined) this.pending.settle(frame.context, outcome);
				else this.pending.settleOldest('retrieve', outcome);
				this.retrieves.emit(frame.data);
				return;
			}
			case 'subscribed':
				this.channels = frame.channels;
				return;
			case 'event':
				// Unknown types are ignored, not rejected (protocol facts §3.5): no listener, '*' included, sees them.
				if (KNOWN_EVENT_TYPES.has(frame.envelope.type)) this.events.emit(frame.envelope);
				else this.stats.unknownEvents++;
		}
	}
}
