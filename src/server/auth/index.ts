// The auth feature's public face: what other features may use.
export type { Auth } from './auth';
export { announceSessionChanges } from './session-changes';
export { SESSIONS_TOPIC } from './session-cache';
