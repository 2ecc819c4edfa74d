import { api } from '../lib/api';

// Better Auth's email-and-password endpoints (JSON, same origin, session cookie).
// Only the fields the app reads are typed; the rest of each answer is ignored.

export function signIn(input: { email: string; password: string }) {
  return api.post<unknown>('/api/auth/sign-in/email', input);
}

export function signUp(input: { email: string; password: string }) {
  // The name lives on the profile (first/last name), not on the login.
  return api.post<unknown>('/api/auth/sign-up/email', { ...input, name: '' });
}

export function signOut() {
  return api.post<unknown>('/api/auth/sign-out', {});
}

export function requestPasswordReset(input: { email: string }) {
  return api.post<unknown>('/api/auth/request-password-reset', { ...input, redirectTo: '/reset-password' });
}

export function resetPassword(input: { token: string; newPassword: string }) {
  return api.post<unknown>('/api/auth/reset-password', input);
}
