import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { careRoleLabel } from '../../shared/care';
import type { CareTeamPage } from '../../shared/care-teams';
import { FormAlert } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { useMe } from '../lib/me-query';
import { useLive } from '../live';
import {
  careTeamOptions,
  careTeamTopicOf,
  myCareTeamsTopicOf,
  useAcceptInvitation,
  useAnswerProposal,
  useEndCareTeam,
  useLeaveTeam,
} from './care-teams-api';
import { DetailsCard } from './details-card';
import { InvitePanel } from './invite-panel';
import { MembersList } from './members-list';
import { TeamFrame } from './team-frame';

/** /care/:id, "Team": the members, the family's details, inviting, leaving; or the reader's invitation. */
export default function CareTeamPage() {
  const teamId = Number(useParams().id);
  const me = useMe();
  const queryClient = useQueryClient();
  const team = useQuery({ ...careTeamOptions(teamId), enabled: Number.isInteger(teamId) && teamId > 0 });
  // The team's own topic is for its active members and admins: asking for it before (invited, waiting for
  // approval) would have the whole live stream refused, the bell's with it. The reader's own topic says when
  // they are approved or removed, and then the page is read again.
  const head = team.data?.team;
  const isInside = head !== undefined && (head.me === null || head.me.status === 'active');
  useLive([...(isInside ? [careTeamTopicOf(teamId)] : []), ...(me ? [myCareTeamsTopicOf(me.id)] : [])], (event) => {
    if (me && event.topic === myCareTeamsTopicOf(me.id)) void queryClient.invalidateQueries({ queryKey: careTeamOptions(teamId).queryKey });
  });
  const error = !Number.isInteger(teamId)
    ? { status: 404, message: 'This care team does not exist, or you are not on it.' }
    : team.error
      ? { status: isApiRequestError(team.error) ? team.error.status : undefined, message: team.error.message }
      : null;
  const page = team.data;
  return (
    <TeamFrame head={page?.team} error={error} section="Team">
      {page ? <TeamContent page={page} /> : null}
    </TeamFrame>
  );
}

function TeamContent({ page }: { page: CareTeamPage }) {
  const { team, may } = page;
  const me = team.me;
  if (me && me.status === 'invited' && me.role === 'family') return <ProposalAnswer teamId={team.id} name={team.name} />;
  if (me && me.status === 'invited') return <InvitationAnswer teamId={team.id} role={me.role} familyFirstName={team.familyFirstName} />;
  if (me && me.status === 'requested') return <WaitingForApproval teamId={team.id} />;
  return (
    <Stack gap="lg">
      {/* anniversary */}
      {team.status === 'ended' ? (
        <Alert variant="light" color="gray">
          This team has ended. Its calendar has stopped.
        </Alert>
      ) : null}
      <DetailsCard page={page} />
      <MembersList teamId={team.id} members={page.members} />
      {may.manage && team.status === 'active' ? <InvitePanel teamId={team.id} members={page.members} /> : null}
      {may.leave ? <LeaveTeam teamId={team.id} /> : null}
      {may.end ? <EndTeam teamId={team.id} /> : null}
    </Stack>
  );
}

function ProposalAnswer({ teamId, name }: { teamId: number; name: string }) {
  const navigate = useNavigate();
  const answer = useAnswerProposal(teamId, { onSuccess: (_, accepted) => (accepted ? undefined : navigate('/care')) });
  return (
    <Paper withBorder p="md">
      <Text>
        A point person of your church started &ldquo;{name}&rdquo; for your family. Nothing happens until you accept it; you then choose who
        is on it.
      </Text>
      <Group mt="sm" gap="sm">
        <Button onClick={() => answer.mutate(true)} loading={answer.isPending && answer.variables}>
          Accept the team
        </Button>
        <Button variant="default" onClick={() => answer.mutate(false)} loading={answer.isPending && !answer.variables}>
          Decline
        </Button>
      </Group>
      <FormAlert message={answer.error?.message} />
    </Paper>
  );
}

function InvitationAnswer({ teamId, role, familyFirstName }: { teamId: number; role: string; familyFirstName: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation(teamId);
  const decline = useLeaveTeam(teamId, { onSuccess: () => navigate('/care') });
  return (
    <Paper withBorder p="md">
      <Text>
        You are invited to the care team around {familyFirstName}&rsquo;s family as {careRoleLabel(role).toLowerCase()}. Once you accept,
        the family or the team leader approves you.
      </Text>
      <Group mt="sm" gap="sm">
        <Button onClick={() => accept.mutate()} loading={accept.isPending}>
          Accept
        </Button>
        <Button variant="default" onClick={() => decline.mutate()} loading={decline.isPending}>
          Decline
        </Button>
      </Group>
      <FormAlert message={accept.error?.message ?? decline.error?.message} />
    </Paper>
  );
}

function WaitingForApproval({ teamId }: { teamId: number }) {
  const navigate = useNavigate();
  const withdraw = useLeaveTeam(teamId, { onSuccess: () => navigate('/care') });
  return (
    <Paper withBorder p="md">
      <Text role="status">You asked to join. The family or the team leader will approve you; you will be told.</Text>
      <Button mt="sm" variant="default" onClick={() => withdraw.mutate()} loading={withdraw.isPending}>
        Withdraw my request
      </Button>
      <FormAlert message={withdraw.error?.message} />
    </Paper>
  );
}

/** "Leave the team", confirmed once: the member's claims on the calendar are withdrawn. */
function LeaveTeam({ teamId }: { teamId: number }) {
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);
  const leave = useLeaveTeam(teamId, { onSuccess: () => navigate('/care') });
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        Leave the team
      </Title>
      {isConfirming ? (
        <>
          <Text mt="xs">What you signed up for on the calendar is given back, and the family is told.</Text>
          <Group mt="xs" gap="sm">
            <Button color="red.9" onClick={() => leave.mutate()} loading={leave.isPending}>
              Yes, leave the team
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              Stay
            </Button>
          </Group>
        </>
      ) : (
        <Button mt="xs" variant="default" onClick={() => setConfirming(true)}>
          Leave the team
        </Button>
      )}
      <FormAlert message={leave.error?.message} />
    </section>
  );
}

/** The family ends its team, confirmed once: everyone is told and the calendar stops. */
function EndTeam({ teamId }: { teamId: number }) {
  const [isConfirming, setConfirming] = useState(false);
  const end = useEndCareTeam(teamId);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        End the team
      </Title>
      {isConfirming ? (
        <>
          <Text mt="xs">Everyone on the team is told, and its calendar stops. This cannot be undone.</Text>
          <Group mt="xs" gap="sm">
            <Button color="red.9" onClick={() => end.mutate()} loading={end.isPending}>
              Yes, end the team
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep the team
            </Button>
          </Group>
        </>
      ) : (
        <Button mt="xs" variant="default" onClick={() => setConfirming(true)}>
          End the team
        </Button>
      )}
      <FormAlert message={end.error?.message} />
    </section>
  );
}
