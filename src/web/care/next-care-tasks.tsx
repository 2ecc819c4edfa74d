import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { careTaskKindLabel, myCareTeamsTopic } from '../../shared/care';
import { careDateLabel, careTimeLabel } from '../../shared/care-calendar';
import { AppLink } from '../app/navigation';
import { useMe } from '../lib/me-query';
import { useLive } from '../live';
import { myCareTasksOptions } from './care-calendar-api';

// "Your next care tasks" on the dashboard (issue 27): what the helper signed up for in the next two weeks, across
// their teams, each with its team's calendar a tap away. Times are the family's wall times (each team's zone).

export function NextCareTasks() {
  const me = useMe();
  const headingId = useId();
  useLive(me ? [myCareTeamsTopic(me.id)] : []);
  const mine = useQuery({ ...myCareTasksOptions(me?.id ?? ''), enabled: Boolean(me) });
  const tasks = mine.data?.tasks ?? [];
  const { i18n } = useLingui();
  const locale = i18n.locale === 'es' ? 'es' : 'en';
  if (tasks.length === 0) return null;
  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {i18n._('Your next care tasks')}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {tasks.map((t) => (
          <li key={`${t.claimId}:${t.occursOn}`}>
            <Text fw={600}>
              {careDateLabel(t.occursOn, locale)}, {careTimeLabel(t.time, locale)}: {t.title || i18n._(careTaskKindLabel(t.kind))}
            </Text>
            <Text size="sm">
              {t.place} · <AppLink to={`/care/${t.teamId}/calendar`}>{t.teamName}</AppLink>
            </Text>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
