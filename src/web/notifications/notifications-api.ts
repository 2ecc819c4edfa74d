import type { NotificationPreferences } from '../../shared/notifications';
import { call, client } from '../lib/api-client';

export const preferencesQueryKey = ['notifications', 'preferences'] as const;

export function readPreferences() {
  return call(client.notifications.preferences.$get());
}

export function savePreferences(change: Partial<NotificationPreferences>) {
  return call(client.notifications.preferences.$put({ json: change }));
}

/** What a mailed unsubscribe link turns off; changes nothing (link scanners open links too). */
export function readUnsubscribe(token: string) {
  return call(client.notifications.unsubscribe.$get({ query: { token } }));
}

/** Turns the kind of mail the link names off, or with `undo` back on. */
export function unsubscribe(token: string, undo: boolean) {
  return call(client.notifications.unsubscribe.$post({ query: undo ? { token, undo: '1' } : { token } }));
}
