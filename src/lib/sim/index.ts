/** The simulator core: runs in Node (src/server) and in a browser page (demo mode). */
export { Simulator, featuresFor } from './simulator';
export { parseSetup, SetupSchema, type Setup, type SetupInput, type SetupResult } from './setup';
export { defaultSetup, DEFAULT_SETUP_INPUT } from './default-setup';
export { slugify } from './handlers/commands';
export { counterMath } from './handlers/variables';
export { songFromQuery } from './song-titles';
export { LOG_CAPACITY } from './log';
export { ManualClock, systemClock, type SimClock } from './clock';
export type * from './types';
