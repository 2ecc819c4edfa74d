import type { ContactInput } from '../../shared/contact';
import { call, client } from '../lib/api-client';

/** The 'I am indeed human' click: a short-lived token the server checks when the message is sent. */
export function confirmHuman() {
  return call(client.contact.human.$post());
}

export function sendContactMessage(input: ContactInput) {
  return call(client.contact.$post({ json: input }));
}
