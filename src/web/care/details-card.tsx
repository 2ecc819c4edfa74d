import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
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
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        The family&rsquo;s details
      </Title>
      {details === null ? (
        <Text mt="xs">
          The family&rsquo;s address, food and best times are shown to members cleared for them.
          {stillNeeds.length > 0 ? ` You still need: ${stillNeeds.join(', ')}. ` : ' '}
          <AppLink to="/care/clearances">Your clearances</AppLink>
        </Text>
      ) : isEditing ? (
        <DetailsForm teamId={team.id} details={details} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap={4} mt="xs">
          <Text>
            <strong>Address for drop-offs:</strong> {details.address ?? 'Not given'}
          </Text>
          <Text>
            <strong>Allergies and food preferences:</strong> {details.food ?? 'Not given'}
          </Text>
          <Text>
            <strong>Best times:</strong> {details.bestTimes ?? 'Not given'}
          </Text>
          <Text>
            <strong>Children&rsquo;s ages:</strong> {details.childrenAges.length > 0 ? details.childrenAges.join(', ') : 'Not given'}
          </Text>
          {may.editDetails ? (
            <Button variant="light" mt="xs" onClick={() => setEditing(true)} style={{ alignSelf: 'flex-start' }}>
              Edit the details
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

function DetailsForm({ teamId, details, onDone }: { teamId: number; details: NonNullable<CareTeamPage['details']>; onDone: () => void }) {
  const f = useSchemaForm({
    schema: careDetailsSchema,
    toInput,
    invalidMessage: `Check the details: each is at most ${CARE_DETAILS_MAX} characters, and children's ages are whole numbers from 0 to ${CARE_CHILD_AGE_MAX}.`,
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
    <form {...f.formProps((data) => save.mutate({ details: data }))} aria-label="The family's details">
      <Stack gap="sm" mt="xs">
        <Alert variant="light" color="blue">
          {CARE_PRIVACY_RULE}
        </Alert>
        <TextInput label="Address for drop-offs" maxLength={CARE_DETAILS_MAX} {...f.field('address')} />
        <TextInput label="Allergies and food preferences" maxLength={CARE_DETAILS_MAX} {...f.field('food')} />
        <TextInput label="Best times" maxLength={CARE_DETAILS_MAX} {...f.field('bestTimes')} />
        <TextInput label="Children's ages" description="Ages only, separated by commas: 4, 9" {...f.field('childrenAges')} />
        <FormAlert message={f.formError} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save the details
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
