import { Trans, useLingui } from '@lingui/react';
import { Anchor, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { EmailConfirmNotice } from '../app/email-confirm-notice';
import { useMe } from '../lib/me-query';
import { signInPathFor } from '../lib/safe-next';

/**
 * Writing needs a member with a profile (product.md §7.1) and a confirmed address. Visitors get that rule's
 * message with ways to sign in or up; members without a profile get it with a way to the dashboard;
 * members who have not confirmed their address are told so. The server enforces the same rules.
 */
export function PostingGate({ action, children }: { action: 'post' | 'respond'; children: ReactNode }) {
  const { i18n } = useLingui();
  const me = useMe();
  const location = useLocation();
  if (!me) {
    const links = {
      0: <Anchor component={Link} to={signInPathFor(`${location.pathname}${location.search}`)} fw={700} />,
      1: <Anchor component={Link} to="/signup" fw={700} />,
    };
    return (
      <Paper withBorder p="md" radius="md" data-needs-profile>
        <Text mb={4}>{i18n._(MESSAGES.needProfileToPost)}</Text>
        <Text>
          {action === 'post' ? (
            <Trans id="<0>Sign in</0> to write a post. New here? <1>Sign up</1> to join the conversation." components={links} />
          ) : (
            <Trans id="<0>Sign in</0> to respond. New here? <1>Sign up</1> to join the conversation." components={links} />
          )}
        </Text>
      </Paper>
    );
  }
  if (!me.hasProfile) {
    return (
      <Paper bg="mustard.5" c="var(--mantine-color-black)" p="md" radius="md" data-needs-profile>
        <Text c="inherit" mb={4}>
          {i18n._(MESSAGES.needProfileToPost)}
        </Text>
        <Anchor component={Link} to="/dashboard" c="inherit" fw={700} underline="always">
          {i18n._('Go to your dashboard')}
        </Anchor>
      </Paper>
    );
  }
  if (!me.emailVerified) return <EmailConfirmNotice place="forum" />;
  return <>{children}</>;
}
