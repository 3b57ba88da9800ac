/** The client: framework-free transport (this module) and Svelte 5 state classes (`./state/*.svelte`). */
export * from './settings';
export * from './settings-store';
export * from './errors';
export * from './rest';
export * from './socket';
export * from './capabilities';
export * from './receipts';
export * from './read-only-view';
export * from './client';
export type { Disposer } from './listeners';
export type { ReconnectPolicyOptions, ReconnectDecision, CloseInfo } from './reconnect-policy';
