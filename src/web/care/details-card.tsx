import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { CARE_CHILD_AGE_MAX, CARE_DETAILS_MAX, CARE_PRIVACY_RULE, careDetailsSchema } from '../../shared/care';
import type { CareTeamPage } from '../../shared/care-teams';
import { FormAlert } from '../app/form-alert';
import { AppLink } from '../app/navigation';
import { useSchemaForm } from '../lib/use-schema-form';
import { useEditCareTeam } from './care-teams-api';

// The family's practical details (issue 27): where to drop things off, allergies and food, the best times, the
// children's ages (never names). Shown only to those the server says may see them; others read what they still
// need to be cleared for.

type DetailsValues = { address: string; food: string; bestTimes: string; childrenAges: string };

/** The ages as typed ("4, 9") to what the schema reads: a list of numbers (anything else fails its check). */
const toInput = (v: DetailsValues) => ({
  address: v.address,
  food: v.food,
  bestTimes: v.bestTimes,
  childrenAges: v.childrenAges
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
});

export function DetailsCard({ page }: { page: CareTeamPage }) {
  const titleId = useId();
  const [isEditing, setEditing] = useState(false);
  const { details, stillNeeds, may, team } = page;
  const { i18n } = useLingui();
  const notGiven = i18n._('Not given');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {i18n._('The family’s details')}
      </Title>
      {details === null ? (
        <Text mt="xs">
          {stillNeeds.length > 0 ? (
            <Trans
              id="The family’s address, food and best times are shown to members cleared for them. You still need: {needs}. <0>Your clearances</0>"
              values={{ needs: stillNeeds.join(', ') }}
              components={{ 0: <AppLink to="/care/clearances" /> }}
            />
          ) : (
            <Trans
              id="The family’s address, food and best times are shown to members cleared for them. <0>Your clearances</0>"
              components={{ 0: <AppLink to="/care/clearances" /> }}
            />
          )}
        </Text>
      ) : isEditing ? (
        <DetailsForm teamId={team.id} details={details} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap={4} mt="xs">
          <Text>
            <strong>{i18n._('Address for drop-offs:')}</strong> {details.address ?? notGiven}
          </Text>
          <Text>
            <strong>{i18n._('Allergies and food preferences:')}</strong> {details.food ?? notGiven}
          </Text>
          <Text>
            <strong>{i18n._('Best times:')}</strong> {details.bestTimes ?? notGiven}
          </Text>
          <Text>
            <strong>{i18n._('Children’s ages:')}</strong>{' '}
            {details.childrenAges.length > 0 ? details.childrenAges.map((age) => i18n.number(age)).join(', ') : notGiven}
          </Text>
          {may.editDetails ? (
            <Button variant="light" mt="xs" onClick={() => setEditing(true)} style={{ alignSelf: 'flex-start' }}>
              {i18n._('Edit the details')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

function DetailsForm({ teamId, details, onDone }: { teamId: number; details: NonNullable<CareTeamPage['details']>; onDone: () => void }) {
  const { i18n } = useLingui();
  const f = useSchemaForm({
    schema: careDetailsSchema,
    toInput,
    invalidMessage: i18n._(
      "Check the details: each is at most {max} characters, and children's ages are whole numbers from 0 to {oldest}.",
      { max: CARE_DETAILS_MAX, oldest: CARE_CHILD_AGE_MAX },
    ),
    initialValues: {
      address: details.address ?? '',
      food: details.food ?? '',
      bestTimes: details.bestTimes ?? '',
      childrenAges: details.childrenAges.join(', '),
    },
  });
  const save = useEditCareTeam(teamId, {
    onRefreshed: onDone,
    onError: (error) => f.failWith(error, error.message),
  });
  return (
    <form {...f.formProps((data) => save.mutate({ details: data }))} aria-label={i18n._("The family's details")}>
      <Stack gap="sm" mt="xs">
        <Alert variant="light" color="blue">
          {i18n._(CARE_PRIVACY_RULE)}
        </Alert>
        <TextInput label={i18n._('Address for drop-offs')} maxLength={CARE_DETAILS_MAX} {...f.field('address')} />
        <TextInput label={i18n._('Allergies and food preferences')} maxLength={CARE_DETAILS_MAX} {...f.field('food')} />
        <TextInput label={i18n._('Best times')} maxLength={CARE_DETAILS_MAX} {...f.field('bestTimes')} />
        <TextInput
          label={i18n._("Children's ages")}
          description={i18n._('Ages only, separated by commas: 4, 9')}
          {...f.field('childrenAges')}
        />
        <FormAlert message={f.formError} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {i18n._('Save the details')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {i18n._('Cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
