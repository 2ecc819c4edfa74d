const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 4, 2026, 3:05 PM" in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** Edited noticeably after it was written (not the same save a moment later). */
export function wasEdited(postDate: string, updatedAt: string): boolean {
  return new Date(updatedAt).getTime() - new Date(postDate).getTime() > 60_000;
}

export function responsesLabel(n: number): string {
  if (n === 0) return 'No responses yet';
  return n === 1 ? '1 response' : `${n.toLocaleString('en-US')} responses`;
}
