import type { I18n } from '@lingui/core';

/** "Mar 4, 2026, 3:05 PM" (or "4 mar 2026, 3:05 p.m.") in the reader's language and time zone. */
export function formatDateTime(i18n: I18n, iso: string): string {
  return i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Edited noticeably after it was written (not the same save a moment later). */
export function wasEdited(postDate: string, updatedAt: string): boolean {
  return new Date(updatedAt).getTime() - new Date(postDate).getTime() > 60_000;
}

export function responsesLabel(i18n: I18n, n: number): string {
  return i18n._('{count, plural, =0 {No responses yet} one {# response} other {# responses}}', { count: n });
}
