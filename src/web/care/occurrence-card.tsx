import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { careTaskKindLabel } from '../../shared/care';
import { careTimeLabel, type CareOccurrence } from '../../shared/care-calendar';
import { FormAlert } from '../app/form-alert';
import { useClaimCareTask, useSkipCareDate, useWithdrawCareClaim } from './care-calendar-api';
import classes from './care.module.css';

// One date of a task on the calendar (issue 27): what, when, where, who is coming and the places left; "I'll do it"
// (this date, or every date of a repeating task) for helpers who may, "Withdraw" for one's own sign-up, and
// "Cancel this date" for the family and the leader. The server decides again; a refusal is shown on the card.

export function OccurrenceCard({ teamId, occurrence: o, mayManage }: { teamId: number; occurrence: CareOccurrence; mayManage: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const callbacks = { onSuccess: () => setError(null), onError: (e: Error) => setError(e.message) };
  const claim = useClaimCareTask(teamId, callbacks);
  const withdraw = useWithdrawCareClaim(teamId, callbacks);
  const skip = useSkipCareDate(teamId, callbacks);
  const mine = o.claims.find((c) => c.mine);
  const { i18n } = useLingui();
  const locale = i18n.locale === 'es' ? 'es' : 'en';
  // The server writes the label in the reader's language, as this page asks in it.
  const repeating = o.repeatLabel !== i18n._('Once');
  const time = careTimeLabel(o.time, locale);
  const what = i18n._('{title} at {time}', { title: o.title, time });
  return (
    <Paper withBorder p="sm" component="li" className={classes.occurrence}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={700}>
            {time} · {o.title}
          </Text>
          <Group gap={6}>
            <Badge variant="light">{i18n._(careTaskKindLabel(o.kind))}</Badge>
            {o.spotsLeft > 0 ? (
              <Badge color="salmon.2" c="dark">
                {i18n._('{count, plural, one {# place open} other {# places open}}', { count: o.spotsLeft })}
              </Badge>
            ) : (
              <Badge color="teal.9">{i18n._('Covered')}</Badge>
            )}
          </Group>
        </Group>
        <Text size="sm">{o.place}</Text>
        {repeating ? (
          <Text size="sm" c="dimmed">
            {o.repeatLabel}
          </Text>
        ) : null}
        {o.notes ? <Text size="sm">{o.notes}</Text> : null}
        <Text size="sm">
          {o.claims.length === 0
            ? i18n._('Nobody has signed up yet.')
            : i18n._('Coming: {names}', {
                names: o.claims
                  .map((c) => {
                    const who = c.mine ? i18n._('you') : c.name;
                    return c.series ? i18n._('{who} (every date)', { who }) : who;
                  })
                  .join(', '),
              })}
        </Text>
        <FormAlert message={error} />
        <Group gap="xs">
          {o.mayClaim ? (
            <Button
              size="xs"
              loading={claim.isPending}
              onClick={() => claim.mutate({ taskId: o.taskId, input: { occursOn: o.occursOn } })}
              aria-label={i18n._("I'll do it: {what}", { what })}
            >
              {i18n._('I’ll do it')}
            </Button>
          ) : null}
          {o.mayClaim && repeating ? (
            <Button
              size="xs"
              variant="light"
              loading={claim.isPending}
              onClick={() => claim.mutate({ taskId: o.taskId, input: { series: true } })}
            >
              {i18n._('Every date')}
            </Button>
          ) : null}
          {mine ? (
            <Button
              size="xs"
              variant="default"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(mine.id)}
              aria-label={i18n._('Withdraw: {what}', { what })}
            >
              {mine.series ? i18n._('Withdraw from every date') : i18n._('Withdraw')}
            </Button>
          ) : null}
          {mayManage ? (
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              loading={skip.isPending}
              onClick={() => skip.mutate({ taskId: o.taskId, occursOn: o.occursOn })}
              aria-label={i18n._('Cancel this date: {what}', { what })}
            >
              {i18n._('Cancel this date')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
