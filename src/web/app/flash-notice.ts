/**
 * A one-off message handed to the next page through the router's location state
 * (for example 'Success! Your account is deleted.' on the page shown after deletion).
 */
export type FlashState = { notice?: string; endSession?: boolean };

export function flash(notice: string): { state: FlashState } {
  return { state: { notice } };
}

/**
 * Navigation state for leaving a member-only page after sign-out or deletion: the member's data is
 * forgotten once the next page has arrived (see RootLayout). Forgetting first would let the guard of
 * the page being left redirect to /signin?next=… before the navigation commits.
 */
export function endSession(notice?: string): { state: FlashState } {
  return { state: { notice, endSession: true } };
}

export function endsSession(state: unknown): boolean {
  return (state as FlashState | null)?.endSession === true;
}

export function noticeOf(state: unknown): string | undefined {
  const notice = (state as FlashState | null)?.notice;
  return typeof notice === 'string' && notice !== '' ? notice : undefined;
}
