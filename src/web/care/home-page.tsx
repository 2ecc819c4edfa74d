import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { careRoleLabel, myCareTeamsTopic } from '../../shared/care';
import type { MyCareTeams } from '../../shared/care-teams';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { useMe } from '../lib/me-query';
import { useLive } from '../live';
import { myCareTeamsOptions } from './care-teams-api';
import { InvitationAnswer, ProposalAnswer } from './invitation-answers';
import classes from './care.module.css';
import { FeedPanel } from './feed-panel';
import { StartForFamily, StartOwnTeam } from './start-team';

/** /care: my care teams, the invitations and proposals waiting for my answer, and starting a team. */
export default function CareHomePage() {
  const me = useMe();
  const uid = me?.id ?? '';
  useLive(uid ? [myCareTeamsTopic(uid)] : []);
  const mine = useQuery({ ...myCareTeamsOptions(uid), enabled: Boolean(uid) });
  return (
    <Page title="Care teams" size="md">
      <Text mb="md">
        A care team is a few church members around one foster family: meals, rides, a babysitter, a rest. Everything on a team is seen by
        its members only. <AppLink to="/care/clearances">Your clearances</AppLink>
      </Text>
      {mine.isPending ? (
        <Loader aria-label="Loading your care teams" />
      ) : mine.isError ? (
        <Alert color="red" variant="light">
          Your care teams could not be loaded. Please try again.
        </Alert>
      ) : (
        <Stack gap="lg">
          {mine.data.proposals.map((p) => (
            <Proposal key={p.teamId} proposal={p} />
          ))}
          {mine.data.invitations.length > 0 ? <Invitations invitations={mine.data.invitations} /> : null}
          <YourTeams teams={mine.data.teams} />
          {mine.data.mayStart ? <StartOwnTeam /> : null}
          {mine.data.churchesToStartFor.length > 0 ? <StartForFamily churches={mine.data.churchesToStartFor} /> : null}
          <FeedPanel />
        </Stack>
      )}
    </Page>
  );
}

function YourTeams({ teams }: { teams: MyCareTeams['teams'] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        Your care teams
      </Title>
      {teams.length === 0 ? (
        <Text role="status">You are not on a care team yet. A family or a team leader can invite you, or send you a link.</Text>
      ) : (
        <ul className={classes.teamList}>
          {teams.map((team) => (
            <li key={team.id} className={classes.teamCard}>
              <Title order={3} size="h4">
                <AppLink to={`/care/${team.id}`} className={classes.teamName}>
                  {team.name}
                </AppLink>
              </Title>
              <Text size="sm" c="dimmed">
                Around {team.familyFirstName}&rsquo;s family{team.church ? `, ${team.church.name}` : ''}
              </Text>
              <Group gap="xs" mt={4}>
                <Badge variant="light">{careRoleLabel(team.role)}</Badge>
                {team.memberStatus === 'requested' ? (
                  <Badge color="mustard.3" c="dark">
                    Waiting for approval
                  </Badge>
                ) : null}
                {team.status === 'proposed' ? (
                  <Badge color="mustard.3" c="dark">
                    Waiting for the family
                  </Badge>
                ) : null}
                {team.status === 'ended' ? <Badge color="gray.8">Ended</Badge> : null}
                {team.waitingApproval > 0 ? (
                  <Badge color="salmon.2" c="dark">
                    {team.waitingApproval} waiting for your approval
                  </Badge>
                ) : null}
              </Group>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Invitations({ invitations }: { invitations: MyCareTeams['invitations'] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        Invitations
      </Title>
      <Stack gap="sm">
        {invitations.map((inv) => (
          <Invitation key={inv.teamId} invitation={inv} />
        ))}
      </Stack>
    </section>
  );
}

function Invitation({ invitation }: { invitation: MyCareTeams['invitations'][number] }) {
  return (
    <InvitationAnswer teamId={invitation.teamId}>
      <Text>
        <strong>{invitation.teamName}</strong>, around {invitation.familyFirstName}&rsquo;s family
        {invitation.church ? `, ${invitation.church.name}` : ''}: you are invited as {careRoleLabel(invitation.role).toLowerCase()}.
      </Text>
    </InvitationAnswer>
  );
}

function Proposal({ proposal }: { proposal: MyCareTeams['proposals'][number] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <ProposalAnswer teamId={proposal.teamId}>
        <Title order={2} size="h3" id={titleId}>
          A care team for your family
        </Title>
        <Text mt="xs">
          {proposal.startedBy}
          {proposal.church ? ` of ${proposal.church.name}` : ''} started &ldquo;{proposal.teamName}&rdquo; for your family. Nothing happens
          until you accept it; you then choose who is on it.
        </Text>
      </ProposalAnswer>
    </section>
  );
}
