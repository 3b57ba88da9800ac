export * from './vocabulary';
export * from './limits';
export * from './catalog';
export * from './issues';
export * from './actions';
export * from './payloads';
export * from './messages';
export * from './send';
