import type { UpdateAccountInput } from '../../shared/account';
import { call, client } from '../lib/api-client';

export function updateAccount(input: UpdateAccountInput) {
  return call(client.account.$patch({ json: input }));
}

export function deleteAccount() {
  return call(client.account.$delete());
}

export function confirmEmail(token: string) {
  return call(client.account['verify-email'].$post({ json: { token } }));
}

export function cancelEmailChange() {
  return call(client.account['pending-email'].$delete());
}

export function signOutEverywhere() {
  return call(client.account['sign-out-everywhere'].$post());
}
