import { useLingui } from '@lingui/react';
import { Button, Divider, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { useSite } from '../lib/site-query';
import { loadGoogleClient, signInWithGooglePopup, startGoogleRedirect } from './google-sign-in';
import { ME_QUERY_KEY, refreshMe, type MeResponse } from '../lib/me-query';

/** Google's "G", as Google's branding guidelines ask for it on a sign-in button. Decorative: the label names it. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

type Props = {
  /** Where a member with a saved profile goes afterwards, as after a password sign-in. */
  next: string;
  /** The page's form alert: 'Failed to sign in', or nothing when a new attempt starts. */
  onError: (message: string | undefined) => void;
};

/**
 * "Sign in with Google" below a sign-in or sign-up form, when the site has a Google client. The member
 * ends where a password sign-in or a sign-up would: /update-profile until a profile is saved, else `next`.
 */
export function GoogleSignInButton({ next, onError }: Props) {
  const { i18n } = useLingui();
  const site = useSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isWaiting, setIsWaiting] = useState(false);
  const isWaitingRef = useRef(false);

  if (!site?.googleSignIn) return null;

  async function onClick() {
    // A second click while the popup is open brings it to the front; the first click's wait goes on.
    if (isWaitingRef.current) {
      void signInWithGooglePopup(next);
      return;
    }
    onError(undefined);
    isWaitingRef.current = true;
    setIsWaiting(true);
    try {
      const outcome = await signInWithGooglePopup(next).catch(() => 'failed' as const);
      if (outcome === 'blocked') {
        await startGoogleRedirect(next).catch(() => onError(i18n._(MESSAGES.signInFailed)));
        return;
      }
      if (outcome === 'failed') onError(i18n._(MESSAGES.signInFailed));
      if (outcome !== 'signed-in') return;
      await refreshMe(queryClient);
      const me = queryClient.getQueryData<MeResponse>(ME_QUERY_KEY)?.user;
      if (!me) onError(i18n._(MESSAGES.signInFailed));
      else await navigate(me.hasProfile ? next : '/update-profile', { replace: true });
    } finally {
      isWaitingRef.current = false;
      setIsWaiting(false);
    }
  }

  const warmUp = () => void loadGoogleClient().catch(() => undefined);

  return (
    <>
      <Divider label={i18n._('or')} labelPosition="center" my="md" />
      <Button
        type="button"
        variant="default"
        fullWidth
        leftSection={<GoogleMark />}
        onClick={() => void onClick()}
        onPointerEnter={warmUp}
        onFocus={warmUp}
      >
        {i18n._('Sign in with Google')}
      </Button>
      <Text size="sm" ta="center" mt="xs" role="status">
        {isWaiting ? i18n._('Finish signing in in the Google window.') : ''}
      </Text>
    </>
  );
}
