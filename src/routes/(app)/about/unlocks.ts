/** What each feature of the interface gives this dashboard. */
import type { Feature } from '$lib/protocol';

export const FEATURE_UNLOCKS: Record<Feature, string> = {
	meta: 'Reporting its name, version and features (without it the dashboard treats it as the oldest version).',
	'retrieve-slim': 'A faster start: the setup is read without the large overlay configuration.',
	'structured-errors':
		'Clear errors with a reason (not found, switched off, already exists) instead of plain text.',
	'name-validation':
		'Chatbot command management, routines and the action catalog, turning rewards and extension commands on or off, and upfront checks of names: a missing scene or command is reported instead of silently doing nothing.',
	'ws-command-responses':
		'A result for every press over the live connection (done or failed); without it, presses go over HTTP.',
	'ws-subscriptions': 'Receiving only the events a page or widget needs.',
	'ws-keepalive': 'Noticing a dropped connection sooner.',
	mcp: 'Access for AI assistants (MCP). This dashboard does not use it.',
	premium: 'The subscription status kept current; without it, it is read from the setup.'
};
