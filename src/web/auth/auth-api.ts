import type { z } from 'zod';
import type {
  passwordResetRequestSchema,
  passwordResetSchema,
  signInBodySchema,
  signUpBodySchema,
} from '../../shared/contracts/auth';
import { api } from '../lib/api';

// Better Auth's email-and-password endpoints (JSON, same origin, session cookie). They are served by Better
// Auth, not by the routes the typed client knows, so they go through the generic helper; the bodies are
// checked against their description in the API's document (shared/contracts/auth.ts). Only the fields the
// app reads are typed; the rest of each answer is ignored.

export function signIn(input: { email: string; password: string }) {
  return api.post<unknown>('/api/auth/sign-in/email', input satisfies z.input<typeof signInBodySchema>);
}

export function signUp(input: { email: string; password: string }) {
  // The name lives on the profile (first/last name), not on the login.
  const body: z.input<typeof signUpBodySchema> = { email: input.email, password: input.password, name: '' };
  return api.post<unknown>('/api/auth/sign-up/email', body);
}

export function signOut() {
  return api.post<unknown>('/api/auth/sign-out', {});
}

export function requestPasswordReset(input: { email: string }) {
  const body: z.input<typeof passwordResetRequestSchema> = { ...input, redirectTo: '/reset-password' };
  return api.post<unknown>('/api/auth/request-password-reset', body);
}

export function resetPassword(input: { token: string; newPassword: string }) {
  return api.post<unknown>('/api/auth/reset-password', input satisfies z.input<typeof passwordResetSchema>);
}
