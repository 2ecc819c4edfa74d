import type { ContactInput, HumanTokenResponse } from '../../shared/contact';
import { api } from '../lib/api';

/** The 'I am indeed human' click: a short-lived token the server checks when the message is sent. */
export function confirmHuman() {
  return api.post<HumanTokenResponse>('/api/contact/human');
}

export function sendContactMessage(input: ContactInput) {
  return api.post<{ ok: true }>('/api/contact', input);
}
