import { Alert, Button, Loader, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  return (
    <Page title={i18n._('An invitation to a care team')} size="sm">
      {offer.isPending ? (
        <Loader aria-label={i18n._('Loading the invitation')} />
      ) : offer.isError ? (
        <>
          <Alert color="red" variant="light" role="alert">
            {offer.error.message}
          </Alert>
          <Text mt="md">
            <AppLink to="/care">{i18n._('Your care teams')}</AppLink>
          </Text>
        </>
      ) : (
        <Paper withBorder p="md">
          <Text fw={700} size="lg">
            {offer.data.teamName}
          </Text>
          <Text c="dimmed" size="sm">
            {offer.data.church
              ? i18n._('Around {name}’s family, {church}', { name: offer.data.familyFirstName, church: offer.data.church.name })
              : i18n._('Around {name}’s family', { name: offer.data.familyFirstName })}
          </Text>
          <Text mt="sm">
            <strong>{i18n._(careRoleLabel(offer.data.role))}</strong>: {i18n._(offer.data.roleDescription)}
          </Text>
          <Text mt="sm" size="sm">
            {i18n._('The family or the team leader approves everyone who asks. Everything on the team stays within it.')}
          </Text>
          {offer.data.myStatus && offer.data.myStatus !== 'invited' ? (
            <Text mt="md" role="status">
              <Trans
                id="You are already on this team, or waiting for approval. <0>Open the team</0>"
                components={{ 0: <AppLink to={`/care/${offer.data.teamId}`} /> }}
              />
            </Text>
          ) : (
            <Button mt="md" onClick={() => join.mutate()} loading={join.isPending}>
              {i18n._('Ask to join')}
            </Button>
          )}
          <FormAlert message={join.error?.message} />
        </Paper>
      )}
    </Page>
  );
}
