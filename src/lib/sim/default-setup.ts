/** The setup the simulator serves when none is given: a plausible, mid-sized streamer's configuration. */
import { VIEWER_ALERT_KEYS } from '../protocol/alert-keys';
import { parseSetup, type Setup, type SetupInput } from './setup';

const art = (hue: number) =>
	`data:image/svg+xml,${encodeURIComponent(
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="hsl(${hue},70%,45%)"/><circle cx="32" cy="32" r="14" fill="hsl(${(hue + 180) % 360},70%,70%)"/></svg>`
	)}`;

export const DEFAULT_SETUP_INPUT: SetupInput = {
	app: {
		name: 'app-stream',
		version: '9.1.0',
		listenId: 'alpha-1000001',
		streamer: 'PixelPanda',
		botName: 'PandaBot'
	},
	premium: false,
	connectedPlatforms: ['alpha', 'gamma'],
	states: { on: true, streamMode: true, fuze: false },
	folders: [
		{ name: 'Hype', on: true },
		{ name: 'Seasonal', on: false }
	],
	commands: {
		chat: [
			{ name: 'lurk' },
			{ name: 'hype', folder: 'Hype' },
			{ name: 'party', folder: 'Hype' },
			{ name: 'discord' },
			{ name: 'snow', folder: 'Seasonal' },
			{ name: 'rave', on: false }
		],
		chatbot: [
			{
				name: 'so',
				message: 'Go check out {{target}}, they were last seen streaming {{category}}!',
				description: 'Shoutout (built-in)'
			},
			{
				name: 'uptime',
				message: 'We have been live for {{alpha_uptime}}.',
				description: 'Uptime (built-in)'
			},
			{
				name: 'command',
				message: 'Commands: {{commands_url}}',
				description: 'Manage commands (built-in)'
			},
			{
				name: 'socials',
				message: 'Find me everywhere as @PixelPanda',
				alias: ['links'],
				showInCommandsList: true
			},
			{
				name: 'deaths',
				message: 'The streamer has died {{deaths}} times.',
				showInCommandsList: true,
				cooldownDuration: 10000
			},
			{ name: 'spoilers', message: 'No spoilers please!', on: false }
		],
		'alpha-points': [
			{ name: 'Hydrate', cost: 500 },
			{ name: 'Choose the next song', cost: 2000 },
			{ name: 'Lights disco', cost: 5000, folder: 'Hype' },
			{ name: 'Snowball', cost: 300, folder: 'Seasonal' },
			{ name: 'Timeout a mod', cost: 100000, on: false }
		],
		'alpha-extension': [{ name: 'Confetti' }, { name: 'Spin the wheel', on: false }],
		'gamma-points': [
			{ name: 'Say hi', cost: 100 },
			{ name: 'Spotlight', cost: 1000 }
		]
	},
	alerts: [
		...VIEWER_ALERT_KEYS.alpha,
		'alpha-pollStarted',
		'alpha-pollEnded',
		'alpha-predictionStarted',
		'alpha-predictionEnded',
		'alpha-clip',
		'alpha-goalStarted',
		'alpha-goalProgressed',
		'alpha-goalEnded',
		'alpha-hypetrainStarted',
		'alpha-hypetrainProgressed',
		'alpha-hypetrainLevelProgressed',
		'alpha-hypetrainEnded',
		'alpha-streamLive',
		'alpha-streamOffline',
		'gamma-follower',
		'gamma-subscriber',
		'gamma-streamLive',
		'gamma-streamOffline',
		'appstream-donation',
		'appstream-variableChanged',
		'music_player-switchSong'
	],
	scenes: ['Starting Soon', 'Just Chatting', 'Gameplay', 'Be Right Back', 'Ending'],
	themes: ['Cozy Evening', 'Neon Night', 'Sunrise'],
	animations: ['Police Lights', 'Rainbow Wave', 'Strobe', 'Candle Flicker'],
	lights: [
		{ id: 'a1f0c2d4', name: 'Desk Strip', type: 'brand_a' },
		{ id: 'a1f0c2d5', name: 'Key Light', type: 'brand_a' },
		{ id: 'b7-living-2', name: 'Shelf Bulb', type: 'brand_b' },
		{ id: 'ov-9d21', name: 'Virtual Light', type: 'overlay' },
		{ id: 'ov-unnamed-7', type: 'overlay' }
	],
	tts: {
		voices: [
			{ id: 'en-US-Standard-A', label: 'Ava (US)', language: 'en_US', source: 'cloud' },
			{ id: 'en-GB-Standard-B', label: 'Oliver (UK)', language: 'en_GB', source: 'cloud' },
			{ id: 'es-ES-Standard-A', label: 'Lucía', language: 'es_ES', source: 'cloud' },
			{ id: 'de-DE-Standard-C', label: 'Klara', language: 'de_DE', source: 'marketplace' }
		],
		devices: [
			{ id: 'default', label: 'System default' },
			{ id: 'hdmi-1', label: 'Monitor speakers' },
			{ id: 'usb-headset', label: 'USB Headset' }
		],
		currentDevice: { id: 'default', label: 'System default' }
	},
	// Stream variables (protocol facts §8) agreeing with the connected platforms (alpha live, gamma
	// connected but offline); uptimes follow the clock (stream-variables.ts).
	variables: {
		streamer: 'PixelPanda',
		alpha_username: 'pixelpanda',
		alpha_user_id: '1000001',
		alpha_live: true,
		gamma_live: false,
		alpha_current_viewer_count: 128,
		gamma_current_viewer_count: 0,
		total_follower_count: 12282,
		session_follower_count: 12,
		week_follower_count: 85,
		month_follower_count: 310,
		last_follower: 'moss_moth',
		alpha_total_follower_count: 10452,
		alpha_session_follower_count: 12,
		alpha_last_follower: 'moss_moth',
		gamma_total_follower_count: 1830,
		gamma_last_follower: 'sunny_gamma',
		total_subscriber_count: 412,
		session_subscriber_count: 3,
		last_subscriber: 'quietkettle',
		alpha_total_subscriber_count: 380,
		alpha_last_subscriber: 'quietkettle',
		alpha_last_new_subscriber: 'quietkettle',
		alpha_last_resubscriber: 'northwind_tv',
		gamma_total_subscriber_count: 32,
		gamma_last_subscriber: 'sunny_gamma',
		alpha_total_bits_count: 88210,
		alpha_session_bits_count: 500,
		last_raider: 'northwind_tv',
		last_raid_amount: 42,
		alpha_last_raider: 'northwind_tv',
		alpha_last_raid_amount: 42,
		// Goals (facts §8) a few steps away, so the demo reaches one; beta is not connected, so
		// superchat_goal and its total are left unset (the goal widget says so).
		follower_goal: 12290,
		subscriber_goal: 500,
		cheer_goal: 100000,
		tip_goal: 500,
		total_donation_amount: 320,
		session_donation_amount: 25,
		// No hype train running at start; the demo starts one now and then (demo.ts).
		alpha_hypetrain_active: false,
		alpha_hypetrain_level: 0,
		alpha_hypetrain_progress: 0,
		alpha_hypetrain_level_goal: 0,
		alpha_hypetrain_total: 0,
		alpha_hypetrain_top_contributor: '',
		alpha_hypetrain_top_contributor_amount: 0,
		loyalty_currency_name: 'bamboo'
	},
	counters: { deaths: 7, wins: 3, hugs: 0, highfives: '' },
	loyalty: [
		{ username: 'moss_moth', platform: 'alpha', points: 1520 },
		{ username: 'quietkettle', platform: 'alpha', points: 98000 },
		{ username: 'northwind_tv', platform: 'alpha', points: 430 },
		{ username: 'sunny_gamma', platform: 'gamma', points: 2600 }
	],
	songs: {
		source: 'music_player',
		playing: true,
		nowPlaying: {
			title: 'Midnight Arcade',
			artist: 'Neon Lakes',
			album: 'Night Drives',
			url: 'https://music.example/track/midnight-arcade',
			image: art(280),
			duration: 214,
			requester: 'moss_moth'
		},
		queue: [
			{
				title: 'Paper Boats',
				artist: 'Harbor Lights',
				album: 'Shorelines',
				url: 'https://music.example/track/paper-boats',
				image: art(200),
				duration: 187,
				requester: 'quietkettle'
			},
			{
				title: 'Static Bloom',
				artist: 'The Low Tides',
				album: 'Bloom',
				url: 'https://music.example/track/static-bloom',
				image: art(30),
				duration: 241,
				requester: 'PixelPanda'
			}
		]
	},
	overlays: [
		{
			id: '3f7c1e0a-2d4b-4c1e-9a51-7b3c0f2e8d11',
			name: 'Main Overlay',
			visible: true,
			layers: ['layer-chat', 'layer-alerts', 'layer-now-playing']
		},
		{
			id: '8a2d9c44-1f0e-4b7a-b3c2-5e6f7a8b9c0d',
			name: 'BRB Screen',
			visible: false,
			layers: ['layer-brb-text']
		}
	],
	overlayLayers: [
		{
			id: 'layer-chat',
			overlay: 'Main Overlay',
			type: 'chat',
			visible: true,
			x: 20,
			y: 400,
			width: 420,
			height: 600
		},
		{
			id: 'layer-alerts',
			overlay: 'Main Overlay',
			type: 'alerts',
			visible: true,
			x: 660,
			y: 40,
			width: 600,
			height: 400
		},
		{
			id: 'layer-now-playing',
			overlay: 'Main Overlay',
			type: 'text',
			visible: true,
			x: 20,
			y: 20,
			width: 500,
			height: 80,
			content: 'Now playing'
		},
		{
			id: 'layer-brb-text',
			overlay: 'BRB Screen',
			type: 'text',
			visible: true,
			x: 400,
			y: 300,
			width: 1120,
			height: 200,
			content: 'Be right back!'
		}
	],
	overlayAssets: [
		{ id: 'asset-confetti', kind: 'video', file: 'confetti.webm' },
		{ id: 'asset-chime', kind: 'audio', file: 'chime.mp3' },
		{ id: 'asset-logo', kind: 'image', file: 'logo.png' }
	],
	indistinctLayers: [{ id: 'layer-legacy-1', note: 'layer without an overlay' }]
};

function build(): Setup {
	const parsed = parseSetup(DEFAULT_SETUP_INPUT);
	if (!parsed.ok) throw new Error(`the shipped default setup is invalid: ${parsed.error}`);
	return parsed.setup;
}

/** A fresh copy of the default setup, parsed (defaults applied). */
export function defaultSetup(): Setup {
	return build();
}
