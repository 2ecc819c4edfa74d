export { formatDateTime } from '../lib/format-date-time';

/** Edited noticeably after it was written (not the same save a moment later). */
export function wasEdited(postDate: string, updatedAt: string): boolean {
  return new Date(updatedAt).getTime() - new Date(postDate).getTime() > 60_000;
}

export function responsesLabel(n: number): string {
  if (n === 0) return 'No responses yet';
  return n === 1 ? '1 response' : `${n.toLocaleString('en-US')} responses`;
}
