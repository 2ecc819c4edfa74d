import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { CARE_TASK_KINDS, type CareTaskKind } from '../../shared/care';
import { CARE_KIND_ASKS, careDateLabel, careTimeLabel } from '../../shared/care-calendar';
import { FormAlert } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { useMe } from '../lib/me-query';
import { myCareTasksOptions, useCreateCareTask } from './care-calendar-api';

// "We need…" (issue 27): asking is one step for the family, from the calendar or the dashboard, on a phone too: what
// kind of help and which day; the time follows the kind (a meal at 5:30 pm) and can be changed on the calendar.

/** The one-step ask for one team. `today` is the family's today (the earliest date to ask for). */
export function WeNeed({ teamId, today, teamName }: { teamId: number; today: string; teamName?: string }) {
  const headingId = useId();
  const [kind, setKind] = useState<CareTaskKind>('meal');
  const [date, setDate] = useState(today);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; date?: string } | null>(null);
  const { i18n } = useLingui();
  const locale = i18n.locale === 'es' ? 'es' : 'en';
  const ask = useCreateCareTask(teamId, {
    onSuccess: (made) =>
      setDone(
        i18n._('Asked for {what} on {date} at {time}. Your team is told.', {
          what: i18n._(CARE_KIND_ASKS[kind]),
          date: careDateLabel(made.date, locale),
          time: careTimeLabel(made.time, locale),
        }),
      ),
    onError: (e) =>
      setError({
        message: isApiRequestError(e) && !e.fieldErrors ? e.message : i18n._('Please check the date.'),
        date: isApiRequestError(e) ? e.fieldErrors?.date : undefined,
      }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setDone(null);
          setError(null);
          ask.mutate({ kind, date });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {i18n._('We need…')}
            {teamName ? <Text span c="dimmed" size="sm">{` (${teamName})`}</Text> : null}
          </Title>
          <FormAlert message={error?.message} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={i18n._('What kind of help')}
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value as CareTaskKind)}
              data={CARE_TASK_KINDS.map((k) => ({ value: k.code, label: i18n._(k.label) }))}
            />
            <TextInput
              type="date"
              label={i18n._('On')}
              min={today}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={error?.date}
              required
            />
            <Button type="submit" loading={ask.isPending}>
              {i18n._('Ask the team')}
            </Button>
          </Group>
          {done ? (
            <Alert color="teal" variant="light" role="status">
              {done}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

/** On the dashboard: "We need…" for each active team the member manages (a family's own, or as its leader). */
export function DashboardWeNeed() {
  const me = useMe();
  const mine = useQuery({ ...myCareTasksOptions(me?.id ?? ''), enabled: Boolean(me) });
  const teams = mine.data?.manages ?? [];
  if (teams.length === 0) return null;
  return (
    <Stack gap="md" mb="lg">
      {teams.map((t) => (
        <WeNeed key={t.id} teamId={t.id} today={t.today} teamName={teams.length > 1 ? t.name : undefined} />
      ))}
    </Stack>
  );
}
