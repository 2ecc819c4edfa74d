import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
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
  const repeating = o.repeatLabel !== 'Once';
  const what = `${o.title} at ${careTimeLabel(o.time)}`;
  return (
    <Paper withBorder p="sm" component="li" className={classes.occurrence}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={700}>
            {careTimeLabel(o.time)} · {o.title}
          </Text>
          <Group gap={6}>
            <Badge variant="light">{careTaskKindLabel(o.kind)}</Badge>
            {o.spotsLeft > 0 ? (
              <Badge color="salmon.2" c="dark">
                {o.spotsLeft === 1 ? '1 place open' : `${o.spotsLeft} places open`}
              </Badge>
            ) : (
              <Badge color="teal.9">Covered</Badge>
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
            ? 'Nobody has signed up yet.'
            : `Coming: ${o.claims.map((c) => `${c.mine ? 'you' : c.name}${c.series ? ' (every date)' : ''}`).join(', ')}`}
        </Text>
        <FormAlert message={error} />
        <Group gap="xs">
          {o.mayClaim ? (
            <Button
              size="xs"
              loading={claim.isPending}
              onClick={() => claim.mutate({ taskId: o.taskId, input: { occursOn: o.occursOn } })}
              aria-label={`I'll do it: ${what}`}
            >
              I’ll do it
            </Button>
          ) : null}
          {o.mayClaim && repeating ? (
            <Button
              size="xs"
              variant="light"
              loading={claim.isPending}
              onClick={() => claim.mutate({ taskId: o.taskId, input: { series: true } })}
            >
              Every date
            </Button>
          ) : null}
          {mine ? (
            <Button
              size="xs"
              variant="default"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(mine.id)}
              aria-label={`Withdraw: ${what}`}
            >
              {mine.series ? 'Withdraw from every date' : 'Withdraw'}
            </Button>
          ) : null}
          {mayManage ? (
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              loading={skip.isPending}
              onClick={() => skip.mutate({ taskId: o.taskId, occursOn: o.occursOn })}
              aria-label={`Cancel this date: ${what}`}
            >
              Cancel this date
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
