import { Trans, useLingui } from '@lingui/react';
import { Anchor, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { FormAlert } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { signOut } from '../auth';
import { useMe } from '../lib/me-query';
import { endSession } from '../app/flash-notice';
import { TwoStepSection } from '../two-factor';
import { EmailConfirmNotice } from '../app/email-confirm-notice';
import { PendingEmailNotice } from '../account';
import { YourChurchLinks } from '../churches';
import { YourRequestsLink } from '../needs';
import { DashboardWeNeed, NextCareTasks } from '../care';

const BLANK_AVATAR_URL = '/images/blank-avatar.svg';

export default function DashboardPage() {
  const { i18n } = useLingui();
  const me = useMe();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  const signOutMutation = useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await navigate('/signin', { replace: true, ...endSession() });
    },
    onError: () => setError(i18n._(MESSAGES.signOutFailed)),
  });

  if (!me) return null;
  const name = [me.firstName, me.lastName].filter(Boolean).join(' ');

  return (
    <Page title={i18n._('Dashboard')} size="xs">
      <FormAlert message={error} />
      <EmailConfirmNotice place="dashboard" />
      {me.pendingEmail ? <PendingEmailNotice pendingEmail={me.pendingEmail} /> : null}
      <DashboardWeNeed />
      <NextCareTasks />
      {me.hasProfile ? null : (
        <Paper bg="mustard.5" c="var(--mantine-color-black)" p="md" radius="md" mb="lg">
          <Title order={2} size="h4" mb={4}>
            {i18n._('Create your profile')}
          </Title>
          <Text size="sm" mb="xs">
            {i18n._('Tell the network who you are and how you serve, so other members can find you.')}
          </Text>
          <Anchor component={Link} to="/update-profile" fw={700} c="inherit" underline="always">
            {i18n._('Create your profile now')}
          </Anchor>
        </Paper>
      )}
      <FormCard>
        <Stack align="center" gap="md">
          <Image
            src={me.photoUrl ?? BLANK_AVATAR_URL}
            alt={me.photoUrl ? i18n._('Your profile picture') : i18n._('Blank profile picture')}
            w={140}
            h={140}
            radius={999}
            fit="cover"
          />
          {name ? (
            <Text fw={700} size="lg">
              {name}
            </Text>
          ) : null}
          <Text ta="center" style={{ overflowWrap: 'anywhere' }}>
            <Trans id="<0>Email:</0> {email}" values={{ email: me.email }} components={{ 0: <strong /> }} />
          </Text>
          <Stack gap="xs" align="center">
            <Anchor component={Link} to="/update-profile">
              {i18n._('Update profile')}
            </Anchor>
            <Anchor component={Link} to="/update-profile-image">
              {me.photoUrl ? i18n._('Change profile picture') : i18n._('Add a profile picture')}
            </Anchor>
            <Anchor component={Link} to="/update-password">
              {i18n._('Update email or password')}
            </Anchor>
            <Anchor component={Link} to="/settings/notifications">
              {i18n._('Mail settings')}
            </Anchor>
            <YourChurchLinks />
            <YourRequestsLink />
            <Anchor component={Link} to="/care">
              {i18n._('Your care teams')}
            </Anchor>
            {me.isAdmin ? (
              <Anchor component={Link} to="/admin" fw={700}>
                {i18n._('Admin')}
              </Anchor>
            ) : null}
          </Stack>
        </Stack>
      </FormCard>
      <Box mt="lg">
        <TwoStepSection me={me} />
      </Box>
      <Group justify="space-between" mt="lg">
        <Anchor component={Link} to="/delete-account" c="red.9" size="sm">
          {i18n._('Delete account')}
        </Anchor>
        <Button variant="outline" onClick={() => signOutMutation.mutate()} loading={signOutMutation.isPending}>
          {i18n._('Sign Out')}
        </Button>
      </Group>
    </Page>
  );
}
