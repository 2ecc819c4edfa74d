// The auth feature's public face: what other features may use.
export { signOut } from './auth-api';
