/**
 * The stream variables of protocol facts §8 that follow the clock: uptime while a platform is live
 * (`<platform>_uptime`, `<platform>_uptime_timestamp`) and the application's own uptime. The rest
 * (totals, last follower…) come from the setup and stay as written.
 */
import { PLATFORMS } from '../protocol/vocabulary';
import type { Runtime } from './runtime';

/** How long ago a platform that the setup says is live went live, when the setup gives no timestamp. */
const LIVE_FOR_MS = 47 * 60_000;

/** `1h 5m 3s` (the application's uptime text format is not public). */
export function uptimeText(ms: number): string {
	const total = Math.max(0, Math.floor(ms / 1000));
	const h = Math.floor(total / 3600);
	const m = Math.floor((total % 3600) / 60);
	const s = total % 60;
	return `${h ? `${h}h ` : ''}${h || m ? `${m}m ` : ''}${s}s`;
}

/** Called before every request, like the song and poll ticks. */
export function tickStreamVariables(rt: Runtime): void {
	const now = rt.now();
	for (const platform of PLATFORMS) {
		// A platform that is not connected has no variables; a connected one offline has empty uptimes.
		if (!rt.state.connectedPlatforms.includes(platform)) continue;
		const since = rt.getVariable(`${platform}_uptime_timestamp`);
		if (rt.getVariable(`${platform}_live`) !== true) {
			rt.setVariable(`${platform}_uptime_timestamp`, '');
			rt.setVariable(`${platform}_uptime`, '');
			continue;
		}
		let started = typeof since === 'string' ? Date.parse(since) : NaN;
		if (!Number.isFinite(started)) {
			started = now - LIVE_FOR_MS;
			rt.setVariable(`${platform}_uptime_timestamp`, new Date(started).toISOString());
		}
		rt.setVariable(`${platform}_uptime`, uptimeText(now - started));
	}
	if (rt.getVariable('app_uptime_timestamp') === undefined) {
		rt.setVariable('app_uptime_timestamp', new Date(rt.state.startedAt).toISOString());
		rt.setVariable('session_start_date', new Date(rt.state.startedAt).toISOString());
	}
	rt.setVariable('app_uptime', uptimeText(now - rt.state.startedAt));
}
