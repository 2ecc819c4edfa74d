import { authPost } from '../lib/api';

// Better Auth's email-and-password endpoints (JSON, same origin, session cookie), typed by their description
// in the API's document (shared/contracts/auth.ts).

export function signIn(input: { email: string; password: string }) {
  return authPost('/api/auth/sign-in/email', input);
}

export function signUp(input: { email: string; password: string }) {
  // The name lives on the profile (first/last name), not on the login.
  return authPost('/api/auth/sign-up/email', { email: input.email, password: input.password, name: '' });
}

export function signOut() {
  return authPost('/api/auth/sign-out', {});
}

export function requestPasswordReset(input: { email: string }) {
  return authPost('/api/auth/request-password-reset', { ...input, redirectTo: '/reset-password' });
}

export function resetPassword(input: { token: string; newPassword: string }) {
  return authPost('/api/auth/reset-password', input);
}
