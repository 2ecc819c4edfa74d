import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Paper.layer.css';

import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { careRoleLabel } from '../../shared/care';
import {
  CLEARANCE_AGREE_LABEL,
  CLEARANCE_ONLY_DATES,
  clearanceKindLabel,
  clearanceTargetLabel,
  myCareTeamsTopic,
  type MyClearances,
} from '../../shared/clearances';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { useMe } from '../lib/me-query';
import { useLive } from '../live';
import { ClearanceBadge, datesOf } from './clearance-records';
import { myClearancesOptions, useAcceptAgreement } from './clearances-api';
import classes from './clearances.module.css';

/**
 * /care/clearances "Your clearances" (issue 27): each requirement with its state and dates and the roles that need
 * it, what each of the member's team roles still needs, and the confidentiality agreement to accept (or renew).
 */
export default function MyClearancesPage() {
  const me = useMe();
  // RequireAuth renders this page for members only.
  if (!me) return null;
  return <MyClearancesOf uid={me.id} />;
}

function MyClearancesOf({ uid }: { uid: string }) {
  useLive([myCareTeamsTopic(uid)]);
  const mine = useQuery(myClearancesOptions(uid));
  return (
    <Page title="Your clearances" size="sm">
      <Text mb="md">
        Some roles on a <AppLink to="/care">care team</AppLink> need clearances, and seeing a family’s details (address, food, best times)
        needs the confidentiality agreement. You accept the agreement here; your church’s point person or the network’s team records
        background checks and trainings. {CLEARANCE_ONLY_DATES}
      </Text>
      {mine.isPending ? (
        <Loader aria-label="Loading your clearances" />
      ) : mine.isError ? (
        <Alert color="red" variant="light">
          Your clearances could not be loaded. Please try again.
        </Alert>
      ) : (
        <Clearances uid={uid} mine={mine.data} />
      )}
    </Page>
  );
}

function Clearances({ uid, mine }: { uid: string; mine: MyClearances }) {
  return (
    <Stack gap="lg">
      <section aria-labelledby="what-you-need">
        <Title order={2} size="h3" id="what-you-need" mb="xs">
          What your roles need
        </Title>
        <ul className={classes.states}>
          <li>
            Seeing a family’s details:{' '}
            {mine.details.cleared ? 'you have what it needs.' : `still needs ${mine.details.missing.join(', ')}.`}
          </li>
          {mine.teams.map((t) => (
            <li key={t.teamId}>
              <AppLink to={`/care/${t.teamId}`}>{t.name}</AppLink>, {careRoleLabel(t.role)}:{' '}
              {t.cleared ? 'you have what it needs.' : `still needs ${t.missing.join(', ')}.`}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="your-requirements">
        <Title order={2} size="h3" id="your-requirements" mb="xs">
          Requirements
        </Title>
        <ul className={classes.list}>
          {mine.clearances.map((c) => (
            <li key={c.requirementId} className={classes.card}>
              <Group gap="xs" justify="space-between">
                <Title order={3} size="h4">
                  {c.name}
                </Title>
                <ClearanceBadge status={c.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {clearanceKindLabel(c.kind)}, valid {c.validMonths} months
                {c.requiredFor.length > 0 ? `. Needed for: ${c.requiredFor.map(clearanceTargetLabel).join(', ')}` : ''}
              </Text>
              {datesOf(c) ? <Text size="sm">{datesOf(c).replace(/^./, (l) => l.toUpperCase())}</Text> : null}
              {c.kind === 'agreement' ? (
                <Agreement uid={uid} text={c.description} renew={c.status === 'cleared'} name={c.name} />
              ) : c.description ? (
                <Text size="sm" mt="xs" className={classes.text}>
                  {c.description}
                </Text>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </Stack>
  );
}

/** The agreement's text, the box to tick, and the button: accepting clears it today for its months. */
function Agreement({ uid, text, renew, name }: { uid: string; text: string; renew: boolean; name: string }) {
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const accept = useAcceptAgreement(uid, {
    onSuccess: () => {
      setAgree(false);
      setDone('Thank you: the agreement is recorded.');
    },
    onError: (e) => setError(e.message),
  });
  return (
    <Paper withBorder p="sm" mt="sm" radius="sm">
      <Text size="sm" className={classes.text} component="blockquote" aria-label={`The text of the ${name}`}>
        {text}
      </Text>
      <form
        aria-label={name}
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          setDone(undefined);
          if (!agree) return setError('Tick the box to agree.');
          accept.mutate();
        }}
      >
        <Stack gap="xs" mt="sm">
          <FormAlert message={error} />
          <FormSuccess message={done} />
          <Checkbox label={CLEARANCE_AGREE_LABEL} checked={agree} onChange={(e) => setAgree(e.currentTarget.checked)} />
          <Group>
            <Button type="submit" loading={accept.isPending}>
              {renew ? 'Renew the agreement' : 'Accept the agreement'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
