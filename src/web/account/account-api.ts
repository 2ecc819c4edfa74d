import type { Me, UpdateAccountInput, VerifyEmailResult } from '../../shared/account';
import { api } from '../lib/api';

export function updateAccount(input: UpdateAccountInput) {
  return api.patch<{ user: Me; emailChangeRequested: boolean; passwordChanged: boolean }>('/api/account', input);
}

export function deleteAccount() {
  return api.delete<{ ok: true }>('/api/account');
}

export function confirmEmail(token: string) {
  return api.post<VerifyEmailResult>('/api/account/verify-email', { token });
}

export function cancelEmailChange() {
  return api.delete<{ user: Me }>('/api/account/pending-email');
}
