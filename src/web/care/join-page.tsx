import { Alert, Button, Loader, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { careRoleLabel } from '../../shared/care';
import { FormAlert } from '../app/form-alert';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { joinOfferOptions, useJoinByLink } from './care-teams-api';

/** /care/join/:token: what an invitation link offers, and "Ask to join". The link works once. */
export default function CareJoinPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const offer = useQuery(joinOfferOptions(token));
  const join = useJoinByLink(token, { onSuccess: (made) => navigate(`/care/${made.teamId}`) });
  return (
    <Page title="An invitation to a care team" size="sm">
      {offer.isPending ? (
        <Loader aria-label="Loading the invitation" />
      ) : offer.isError ? (
        <>
          <Alert color="red" variant="light" role="alert">
            {offer.error.message}
          </Alert>
          <Text mt="md">
            <AppLink to="/care">Your care teams</AppLink>
          </Text>
        </>
      ) : (
        <Paper withBorder p="md">
          <Text fw={700} size="lg">
            {offer.data.teamName}
          </Text>
          <Text c="dimmed" size="sm">
            Around {offer.data.familyFirstName}&rsquo;s family{offer.data.church ? `, ${offer.data.church.name}` : ''}
          </Text>
          <Text mt="sm">
            <strong>{careRoleLabel(offer.data.role)}</strong>: {offer.data.roleDescription}
          </Text>
          <Text mt="sm" size="sm">
            The family or the team leader approves everyone who asks. Everything on the team stays within it.
          </Text>
          {offer.data.myStatus && offer.data.myStatus !== 'invited' ? (
            <Text mt="md" role="status">
              You are already on this team, or waiting for approval. <AppLink to={`/care/${offer.data.teamId}`}>Open the team</AppLink>
            </Text>
          ) : (
            <Button mt="md" onClick={() => join.mutate()} loading={join.isPending}>
              Ask to join
            </Button>
          )}
          <FormAlert message={join.error?.message} />
        </Paper>
      )}
    </Page>
  );
}
