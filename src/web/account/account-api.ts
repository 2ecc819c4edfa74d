import type { Me, UpdateAccountInput } from '../../shared/account';
import { api } from '../lib/api';

export function updateAccount(input: UpdateAccountInput) {
  return api.patch<{ user: Me }>('/api/account', input);
}

export function deleteAccount() {
  return api.delete<{ ok: true }>('/api/account');
}
