import { Trans, useLingui } from '@lingui/react';
import { Anchor, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Me } from '../../shared/account';
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
import { myChurchQueryOptions, NewChurchMembers, YourChurchLinks } from '../churches';
import { NeedsNearYou, YourRequestsLink } from '../needs';
import { DashboardWeNeed, NextCareTasks } from '../care';
import { LatestNotifications, useFollowedCategories } from '../notifications';
import { RecentPosts } from '../discuss';
import { DirectoryRuleNotice, ownProfileQueryOptions } from '../profiles';
import { BLANK_AVATAR_URL } from '../lib/blank-avatar';

/**
 * The member's home (issue 29): what to do next, then what is happening around them (their care teams, their
 * notifications, needs near them, new posts where they follow, who joined their church), then their account.
 * One column, the width of the notices the site shows above a page (a "saved" notice lines up with it).
 */
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
  return (
    <Page title={i18n._('Dashboard')} size="sm">
      <FormAlert message={error} />
      <EmailConfirmNotice place="dashboard" />
      {me.pendingEmail ? <PendingEmailNotice pendingEmail={me.pendingEmail} /> : null}
      <NextSteps me={me} />
      <DashboardWeNeed />
      <NextCareTasks />
      <Stack gap="lg" mb="lg">
        <LatestNotifications uid={me.id} />
        {me.hasProfile ? <Around /> : null}
        <NewChurchMembers />
      </Stack>
      <AccountCard me={me} />
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

/** Needs near the member's ZIP code and the newest posts where they follow. */
function Around() {
  const profile = useQuery(ownProfileQueryOptions);
  const followed = useFollowedCategories();
  return (
    <>
      <NeedsNearYou zip={profile.data?.profile.userZip ?? null} />
      <RecentPosts followed={followed} />
    </>
  );
}

type Step = { key: string; title: string; text: string; link: string; action: string };

/**
 * What the member has still to do, in order: a profile, the answer that lists them in the directory, a church,
 * and for an admin the second factor the admin area asks for. Confirming the address is the notice above it.
 */
function NextSteps({ me }: { me: Me }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const profile = useQuery({ ...ownProfileQueryOptions, enabled: me.hasProfile });
  const church = useQuery(myChurchQueryOptions);
  const steps: Step[] = [];
  if (!me.hasProfile) {
    steps.push({
      key: 'profile',
      title: i18n._('Create your profile'),
      text: i18n._('Tell the network who you are and how you serve, so other members can find you.'),
      link: '/update-profile',
      action: i18n._('Create your profile now'),
    });
  }
  if (church.isSuccess && !church.data.church && church.data.keeps.length === 0) {
    steps.push({
      key: 'church',
      title: i18n._('Choose your church'),
      text: i18n._('Your church sees who serves with it, and you hear of the needs and care teams near it.'),
      link: '/update-profile#your-church-title',
      action: i18n._('Choose your church'),
    });
  }
  if (me.isAdmin && !me.twoFactorEnabled) {
    steps.push({
      key: 'two-step',
      title: i18n._('Set up two-step sign-in'),
      text: i18n._('The admin area opens only after a code from an authenticator app.'),
      link: '#two-step-title',
      action: i18n._('Set it up below'),
    });
  }
  const listed = profile.data?.profile.agAffiliated === 'Yes';
  if (steps.length === 0 && (!profile.isSuccess || listed)) return null;
  return (
    <Paper bg="mustard.0" withBorder p="md" mb="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {i18n._('Your next steps')}
      </Title>
      <Stack gap="md">
        {profile.isSuccess && !listed ? <DirectoryRuleNotice answer={profile.data.profile.agAffiliated} /> : null}
        {steps.map((s) => (
          <div key={s.key}>
            <Text fw={700}>{s.title}</Text>
            <Text size="sm" mb={4}>
              {s.text}
            </Text>
            {s.link.startsWith('#') ? (
              <Anchor href={s.link} fw={700} underline="always">
                {s.action}
              </Anchor>
            ) : (
              <Anchor component={Link} to={s.link} fw={700} underline="always">
                {s.action}
              </Anchor>
            )}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** The member's photo, name and address, the links to their settings, and "Your data". */
function AccountCard({ me }: { me: Me }) {
  const { i18n } = useLingui();
  const name = [me.firstName, me.lastName].filter(Boolean).join(' ');
  return (
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
        <Stack gap={4} align="center" mt="sm">
          <Title order={2} size="h4">
            {i18n._('Your data')}
          </Title>
          <Text size="sm" ta="center">
            {i18n._(
              'Everything the site keeps about you (your profile and photo, posts, needs, care teams, clearances, notifications and the mail sent to you) as one zip file.',
            )}
          </Text>
          <Button component="a" href="/api/me/data" download variant="light">
            {i18n._('Download your data')}
          </Button>
        </Stack>
      </Stack>
    </FormCard>
  );
}
