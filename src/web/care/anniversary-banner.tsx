import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { CareTeamHead } from '../../shared/care';
import { anniversaryOptions, useAnswerAnniversary } from './care-feeds-api';

const ANSWER_FAILED = /*i18n*/ 'Your answer could not be saved just now. Please try again in a moment.';

/**
 * The anniversary question on the family's team page (issue 27): a year after the team started, "Are you still
 * fostering?", answered with one click. Shown to the family only, while the question waits; thanks once answered.
 */
export function AnniversaryBanner({ head }: { head: CareTeamHead }) {
  if (head.me?.role !== 'family' || head.me.status !== 'active') return null;
  return <Question teamId={head.id} />;
}

function Question({ teamId }: { teamId: number }) {
  const state = useQuery(anniversaryOptions(teamId));
  const [thanks, setThanks] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { i18n } = useLingui();
  const answer = useAnswerAnniversary(teamId, {
    onSuccess: (now) =>
      setThanks(
        now.stillFostering
          ? i18n._('Thank you for answering, and for fostering. Your team is glad to be with you.')
          : i18n._('Thank you for answering, and for the children you cared for. Your team is still here for you.'),
      ),
    onError: () => setError(i18n._(ANSWER_FAILED)),
  });
  if (thanks) {
    return (
      <Alert color="teal" variant="light" role="status" mb="md">
        {thanks}
      </Alert>
    );
  }
  if (state.data?.state !== 'due') return null;
  return (
    <Alert color="teal" variant="light" mb="md" title={i18n._('A year together')} aria-label={i18n._('A year together')}>
      <Text size="sm">
        {i18n._('Your care team is a year old. Are you still fostering? Your answer helps the churches learn what keeps families going.')}
      </Text>
      {error ? (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {error}
        </Text>
      ) : null}
      <Group gap="sm" mt="sm">
        <Button
          size="xs"
          loading={answer.isPending && answer.variables?.stillFostering}
          disabled={answer.isPending}
          onClick={() => answer.mutate({ stillFostering: true })}
        >
          {i18n._('Yes, still fostering')}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={answer.isPending && answer.variables?.stillFostering === false}
          disabled={answer.isPending}
          onClick={() => answer.mutate({ stillFostering: false })}
        >
          {i18n._('No, not any more')}
        </Button>
      </Group>
    </Alert>
  );
}
