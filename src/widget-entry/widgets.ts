/** The component of each widget by its id (`#/widget/<id>`). */
import type { Component } from 'svelte';
import AlertBox from '$lib/widgets/alert-box/AlertBox.svelte';
import Chat from '$lib/widgets/chat/Chat.svelte';
import Counter from '$lib/widgets/counter/Counter.svelte';
import Events from '$lib/widgets/events/Events.svelte';
import Goal from '$lib/widgets/goal/Goal.svelte';
import NowPlaying from '$lib/widgets/songs/NowPlaying.svelte';
import SongQueue from '$lib/widgets/songs/SongQueue.svelte';
import Stats from '$lib/widgets/stats/Stats.svelte';
import Timer from '$lib/widgets/timer/Timer.svelte';

export const WIDGET_COMPONENTS: Readonly<Record<string, Component>> = {
	counter: Counter,
	'song-queue': SongQueue,
	'now-playing': NowPlaying,
	chat: Chat,
	events: Events,
	goal: Goal,
	stats: Stats,
	timer: Timer,
	'alert-box': AlertBox
};
