import { Anchor, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { useMe } from '../auth/me-query';
import { signInPathFor } from '../lib/safe-next';

/**
 * Writing needs a member with a profile (SPEC §6). Visitors are asked to sign in; members without a
 * profile get the spec's message and a way to the dashboard. The server enforces the same rule.
 */
export function PostingGate({ action, children }: { action: 'post' | 'respond'; children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (!me) {
    return (
      <Text>
        <Anchor component={Link} to={signInPathFor(`${location.pathname}${location.search}`)} fw={700}>
          Sign in
        </Anchor>{' '}
        to {action === 'post' ? 'write a post' : 'respond'}. New here?{' '}
        <Anchor component={Link} to="/signup">
          Sign up
        </Anchor>{' '}
        to join the conversation.
      </Text>
    );
  }
  if (!me.hasProfile) {
    return (
      <Paper bg="mustard.5" c="var(--mantine-color-black)" p="md" radius="md" data-needs-profile>
        <Text c="inherit" mb={4}>
          {MESSAGES.needProfileToPost}
        </Text>
        <Anchor component={Link} to="/dashboard" c="inherit" fw={700} underline="always">
          Go to your dashboard
        </Anchor>
      </Paper>
    );
  }
  return <>{children}</>;
}
