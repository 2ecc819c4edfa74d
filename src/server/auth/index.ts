// The auth feature's public face: what other features may use.
export type { Auth } from './auth';
