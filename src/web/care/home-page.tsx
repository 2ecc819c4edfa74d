import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
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
import { EmptyIllustration } from '../illustrations';

/** /care: my care teams, the invitations and proposals waiting for my answer, and starting a team. */
export default function CareHomePage() {
  const me = useMe();
  const uid = me?.id ?? '';
  useLive(uid ? [myCareTeamsTopic(uid)] : []);
  const mine = useQuery({ ...myCareTeamsOptions(uid), enabled: Boolean(uid) });
  const { i18n } = useLingui();
  return (
    <Page title={i18n._('Care teams')} size="md">
      <Text mb="md">
        <Trans
          id="A care team is a few church members around one foster family: meals, rides, a babysitter, a rest. Everything on a team is seen by its members only. <0>Your clearances</0>"
          components={{ 0: <AppLink to="/care/clearances" /> }}
        />
      </Text>
      {mine.isPending ? (
        <Loader aria-label={i18n._('Loading your care teams')} />
      ) : mine.isError ? (
        <Alert color="red" variant="light">
          {i18n._('Your care teams could not be loaded. Please try again.')}
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
  const { i18n } = useLingui();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {i18n._('Your care teams')}
      </Title>
      {teams.length === 0 ? (
        <>
          <EmptyIllustration />
          <Text role="status">
            {i18n._('You are not on a care team yet. A family or a team leader can invite you, or send you a link.')}
          </Text>
        </>
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
                {team.church
                  ? i18n._('Around {name}’s family, {church}', { name: team.familyFirstName, church: team.church.name })
                  : i18n._('Around {name}’s family', { name: team.familyFirstName })}
              </Text>
              <Group gap="xs" mt={4}>
                <Badge variant="light">{i18n._(careRoleLabel(team.role))}</Badge>
                {team.memberStatus === 'requested' ? (
                  <Badge color="mustard.3" c="dark">
                    {i18n._('Waiting for approval')}
                  </Badge>
                ) : null}
                {team.status === 'proposed' ? (
                  <Badge color="mustard.3" c="dark">
                    {i18n._('Waiting for the family')}
                  </Badge>
                ) : null}
                {team.status === 'ended' ? <Badge color="gray.8">{i18n._('Ended')}</Badge> : null}
                {team.waitingApproval > 0 ? (
                  <Badge color="salmon.2" c="dark">
                    {i18n._('{count} waiting for your approval', { count: team.waitingApproval })}
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
  const { i18n } = useLingui();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {i18n._('Invitations')}
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
  const { i18n } = useLingui();
  const values = {
    team: invitation.teamName,
    name: invitation.familyFirstName,
    church: invitation.church?.name,
    role: i18n._(careRoleLabel(invitation.role)).toLowerCase(),
  };
  return (
    <InvitationAnswer teamId={invitation.teamId}>
      <Text>
        {invitation.church ? (
          <Trans
            id="<0>{team}</0>, around {name}’s family, {church}: you are invited as {role}."
            values={values}
            components={{ 0: <strong /> }}
          />
        ) : (
          <Trans id="<0>{team}</0>, around {name}’s family: you are invited as {role}." values={values} components={{ 0: <strong /> }} />
        )}
      </Text>
    </InvitationAnswer>
  );
}

function Proposal({ proposal }: { proposal: MyCareTeams['proposals'][number] }) {
  const titleId = useId();
  const { i18n } = useLingui();
  const values = { name: proposal.startedBy, church: proposal.church?.name, team: proposal.teamName };
  return (
    <section aria-labelledby={titleId}>
      <ProposalAnswer teamId={proposal.teamId}>
        <Title order={2} size="h3" id={titleId}>
          {i18n._('A care team for your family')}
        </Title>
        <Text mt="xs">
          {proposal.church
            ? i18n._(
                '{name} of {church} started “{team}” for your family. Nothing happens until you accept it; you then choose who is on it.',
                values,
              )
            : i18n._('{name} started “{team}” for your family. Nothing happens until you accept it; you then choose who is on it.', values)}
        </Text>
      </ProposalAnswer>
    </section>
  );
}
