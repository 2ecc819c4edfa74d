import { Button, Group, Paper } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { FormAlert } from '../app/form-alert';
import { useAcceptInvitation, useAnswerProposal, useLeaveTeam } from './care-teams-api';

// Answering what waits for the member (issue 27): an invitation to a team (yes: then the family or a leader
// approves), or, for a family, a team a point person started for it. The same card on /care and on the team's page.

type AnswerProps = { teamId: number; children: ReactNode; onDeclined?: () => unknown; onAccepted?: () => unknown };

function AnswerCard({ children, accept, decline }: { children: ReactNode; accept: Answer; decline: Answer }) {
  const { i18n } = useLingui();
  return (
    <Paper withBorder p="md">
      {children}
      <Group mt="sm" gap="sm">
        <Button onClick={accept.run} loading={accept.isPending}>
          {accept.label}
        </Button>
        <Button variant="default" onClick={decline.run} loading={decline.isPending}>
          {i18n._('Decline')}
        </Button>
      </Group>
      <FormAlert message={accept.error ?? decline.error} />
    </Paper>
  );
}

type Answer = { label?: string; run: () => void; isPending: boolean; error: string | undefined };

/** An invitation to join a team: Accept (then approval) or Decline. */
export function InvitationAnswer({ teamId, children, onDeclined }: AnswerProps) {
  const accept = useAcceptInvitation(teamId);
  const decline = useLeaveTeam(teamId, { onSuccess: onDeclined });
  const { i18n } = useLingui();
  return (
    <AnswerCard
      accept={{ label: i18n._('Accept'), run: () => accept.mutate(), isPending: accept.isPending, error: accept.error?.message }}
      decline={{ run: () => decline.mutate(), isPending: decline.isPending, error: decline.error?.message }}
    >
      {children}
    </AnswerCard>
  );
}

/** A team a point person started for the family: accept it (active) or decline it (ended). */
export function ProposalAnswer({ teamId, children, onDeclined, onAccepted }: AnswerProps) {
  const answer = useAnswerProposal(teamId, { onSuccess: (_, accepted) => (accepted ? onAccepted?.() : onDeclined?.()) });
  const error = answer.error?.message;
  const { i18n } = useLingui();
  return (
    <AnswerCard
      accept={{ label: i18n._('Accept the team'), run: () => answer.mutate(true), isPending: answer.isPending && answer.variables, error }}
      decline={{ run: () => answer.mutate(false), isPending: answer.isPending && !answer.variables, error: undefined }}
    >
      {children}
    </AnswerCard>
  );
}
