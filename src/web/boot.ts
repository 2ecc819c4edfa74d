import type { QueryClient } from '@tanstack/react-query';
import type { Messages } from '@lingui/core';
import { BOOT_ELEMENT_ID, LANDING_MESSAGES_ID, type BootState } from '../shared/boot';
import { ME_QUERY_KEY, type MeResponse } from './lib/me-query';
import { SITE_QUERY_KEY } from './lib/site-query';

/** The state the server wrote into the page (see src/shared/boot.ts), or null when there is none. */
export function readBootState(doc: Document): BootState | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<BootState>;
    return typeof state.site?.donateUrl === 'string' && typeof state.site.googleSignIn === 'boolean' ? (state as BootState) : null;
  } catch {
    return null;
  }
}

/** Puts what the server already told us in the query cache, so the first screen asks for nothing more. */
export function seedBootState(queryClient: QueryClient, state: BootState | null): void {
  if (!state) return;
  queryClient.setQueryData(SITE_QUERY_KEY, state.site);
  if (state.me === null) queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user: null });
}

/** The compiled messages the prerendered landing page was rendered with (scripts/prerender-landing.ts), or none. */
export function readLandingMessages(doc: Document): Messages {
  try {
    const messages: unknown = JSON.parse(doc.getElementById(LANDING_MESSAGES_ID)?.textContent ?? '{}');
    return messages && typeof messages === 'object' ? (messages as Messages) : {};
  } catch {
    return {};
  }
}
