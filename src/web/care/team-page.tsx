import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CARE_TEAM_NOT_FOUND, careRoleLabel, careTeamTopic, myCareTeamsTopic } from '../../shared/care';
import type { CareTeamPage } from '../../shared/care-teams';
import { ConfirmDelete } from '../app/confirm-delete';
import { FormAlert } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { useMe } from '../lib/me-query';
import { useLive } from '../live';
import { careTeamOptions, useEndCareTeam, useLeaveTeam } from './care-teams-api';
import { InvitationAnswer, ProposalAnswer } from './invitation-answers';
import { DetailsCard } from './details-card';
import { InvitePanel } from './invite-panel';
import { MembersList } from './members-list';
import { AnniversaryBanner } from './anniversary-banner';
import { TeamFrame } from './team-frame';

/** /care/:id, "Team": the members, the family's details, inviting, leaving; or the reader's invitation. */
export default function CareTeamPage() {
  const teamId = Number(useParams().id);
  const me = useMe();
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const team = useQuery({ ...careTeamOptions(teamId), enabled: Number.isInteger(teamId) && teamId > 0 });
  // The team's own topic is for its active members and admins: asking for it before (invited, waiting for
  // approval) would have the whole live stream refused, the bell's with it. The reader's own topic says when
  // they are approved or removed, and then the page is read again.
  const head = team.data?.team;
  const isInside = head !== undefined && (head.me === null || head.me.status === 'active');
  useLive([...(isInside ? [careTeamTopic(teamId)] : []), ...(me ? [myCareTeamsTopic(me.id)] : [])], (event) => {
    if (me && event.topic === myCareTeamsTopic(me.id)) void queryClient.invalidateQueries({ queryKey: careTeamOptions(teamId).queryKey });
  });
  const error = !Number.isInteger(teamId)
    ? { status: 404, message: i18n._(CARE_TEAM_NOT_FOUND) }
    : team.error
      ? { status: isApiRequestError(team.error) ? team.error.status : undefined, message: team.error.message }
      : null;
  const page = team.data;
  return (
    <TeamFrame head={page?.team} error={error} section={i18n._('Team')}>
      {page ? <TeamContent page={page} /> : null}
    </TeamFrame>
  );
}

function TeamContent({ page }: { page: CareTeamPage }) {
  const { team, may } = page;
  const me = team.me;
  const { i18n } = useLingui();
  if (me && me.status === 'invited' && me.role === 'family') return <ProposalWaiting teamId={team.id} name={team.name} />;
  if (me && me.status === 'invited') return <InvitationWaiting teamId={team.id} role={me.role} familyFirstName={team.familyFirstName} />;
  if (me && me.status === 'requested') return <WaitingForApproval teamId={team.id} />;
  return (
    <Stack gap="lg">
      <AnniversaryBanner head={team} />
      {team.status === 'ended' ? (
        <Alert variant="light" color="gray">
          {i18n._('This team has ended. Its calendar has stopped.')}
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

function ProposalWaiting({ teamId, name }: { teamId: number; name: string }) {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  return (
    <ProposalAnswer teamId={teamId} onDeclined={() => navigate('/care')}>
      <Text>
        {i18n._(
          'A point person of your church started “{name}” for your family. Nothing happens until you accept it; you then choose who is on it.',
          { name },
        )}
      </Text>
    </ProposalAnswer>
  );
}

function InvitationWaiting({ teamId, role, familyFirstName }: { teamId: number; role: string; familyFirstName: string }) {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  return (
    <InvitationAnswer teamId={teamId} onDeclined={() => navigate('/care')}>
      <Text>
        {i18n._(
          'You are invited to the care team around {name}’s family as {role}. Once you accept, the family or the team leader approves you.',
          { name: familyFirstName, role: i18n._(careRoleLabel(role)).toLowerCase() },
        )}
      </Text>
    </InvitationAnswer>
  );
}

function WaitingForApproval({ teamId }: { teamId: number }) {
  const navigate = useNavigate();
  const withdraw = useLeaveTeam(teamId, { onSuccess: () => navigate('/care') });
  const { i18n } = useLingui();
  return (
    <Paper withBorder p="md">
      <Text role="status">{i18n._('You asked to join. The family or the team leader will approve you; you will be told.')}</Text>
      <Button mt="sm" variant="default" onClick={() => withdraw.mutate()} loading={withdraw.isPending}>
        {i18n._('Withdraw my request')}
      </Button>
      <FormAlert message={withdraw.error?.message} />
    </Paper>
  );
}

/** "Leave the team", asked once: the member's claims on the calendar are given back. */
function LeaveTeam({ teamId }: { teamId: number }) {
  const navigate = useNavigate();
  const leave = useLeaveTeam(teamId, { onSuccess: () => navigate('/care') });
  const { i18n } = useLingui();
  return (
    <ConfirmedAction
      label={i18n._('Leave the team')}
      title={i18n._('Leave the team?')}
      text={i18n._('What you signed up for on the calendar is given back, and the family is told.')}
      confirmLabel={i18n._('Yes, leave the team')}
      cancelLabel={i18n._('Stay')}
      run={() => leave.mutate()}
      isPending={leave.isPending}
      error={leave.error?.message}
    />
  );
}

/** The family ends its team, asked once: everyone is told and the calendar stops. */
function EndTeam({ teamId }: { teamId: number }) {
  const end = useEndCareTeam(teamId);
  const { i18n } = useLingui();
  return (
    <ConfirmedAction
      label={i18n._('End the team')}
      title={i18n._('End the team?')}
      text={i18n._('Everyone on the team is told, and its calendar stops. This cannot be undone.')}
      confirmLabel={i18n._('Yes, end the team')}
      cancelLabel={i18n._('Keep the team')}
      run={() => end.mutate()}
      isPending={end.isPending}
      error={end.error?.message}
    />
  );
}

type ConfirmedActionProps = {
  label: string;
  /** The dialog's question ("Leave the team?"). */
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  run: () => void;
  isPending: boolean;
  error: string | undefined;
};

/** A button that asks first (the site's confirmation dialog). */
function ConfirmedAction({ label, title, text, confirmLabel, cancelLabel, run, isPending, error }: ConfirmedActionProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <div>
      <Button variant="default" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <FormAlert message={error} />
      <ConfirmDelete
        opened={isOpen}
        title={title}
        text={text}
        isPending={isPending}
        onConfirm={run}
        onClose={() => setOpen(false)}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
      />
    </div>
  );
}
