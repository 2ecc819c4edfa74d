import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Paper.layer.css';

import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  return (
    <Page title={i18n._('Your clearances')} size="sm">
      <Text mb="md">
        <Trans
          id="Some roles on a <0>care team</0> need clearances, and seeing a family’s details (address, food, best times) needs the confidentiality agreement. You accept the agreement here; your church’s point person or the network’s team records background checks and trainings."
          components={{ 0: <AppLink to="/care" /> }}
        />{' '}
        {i18n._(CLEARANCE_ONLY_DATES)}
      </Text>
      {mine.isPending ? (
        <Loader aria-label={i18n._('Loading your clearances')} />
      ) : mine.isError ? (
        <Alert color="red" variant="light">
          {i18n._('Your clearances could not be loaded. Please try again.')}
        </Alert>
      ) : (
        <Clearances uid={uid} mine={mine.data} />
      )}
    </Page>
  );
}

function Clearances({ uid, mine }: { uid: string; mine: MyClearances }) {
  const { i18n } = useLingui();
  const standing = (cleared: boolean, missing: string[]) =>
    cleared ? i18n._('you have what it needs.') : i18n._('still needs {missing}.', { missing: missing.join(', ') });
  return (
    <Stack gap="lg">
      <section aria-labelledby="what-you-need">
        <Title order={2} size="h3" id="what-you-need" mb="xs">
          {i18n._('What your roles need')}
        </Title>
        <ul className={classes.states}>
          <li>{i18n._('Seeing a family’s details: {standing}', { standing: standing(mine.details.cleared, mine.details.missing) })}</li>
          {mine.teams.map((t) => (
            <li key={t.teamId}>
              <Trans
                id="<0>{team}</0>, {role}: {standing}"
                values={{ team: t.name, role: i18n._(careRoleLabel(t.role)), standing: standing(t.cleared, t.missing) }}
                components={{ 0: <AppLink to={`/care/${t.teamId}`} /> }}
              />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="your-requirements">
        <Title order={2} size="h3" id="your-requirements" mb="xs">
          {i18n._('Requirements')}
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
                {c.requiredFor.length > 0
                  ? i18n._('{kind}, valid {months, plural, one {# month} other {# months}}. Needed for: {targets}', {
                      kind: i18n._(clearanceKindLabel(c.kind)),
                      months: c.validMonths,
                      targets: c.requiredFor.map((target) => i18n._(clearanceTargetLabel(target))).join(', '),
                    })
                  : i18n._('{kind}, valid {months, plural, one {# month} other {# months}}', {
                      kind: i18n._(clearanceKindLabel(c.kind)),
                      months: c.validMonths,
                    })}
              </Text>
              {datesOf(i18n, c) ? <Text size="sm">{datesOf(i18n, c).replace(/^./, (l) => l.toUpperCase())}</Text> : null}
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
  const { i18n } = useLingui();
  const accept = useAcceptAgreement(uid, {
    onSuccess: () => {
      setAgree(false);
      setDone(i18n._('Thank you: the agreement is recorded.'));
    },
    onError: (e) => setError(e.message),
  });
  return (
    <Paper withBorder p="sm" mt="sm" radius="sm">
      {/* Named as a figure: a quotation itself should not carry a name (ARIA). */}
      <figure className={classes.quote} aria-label={i18n._('The text of the {name}', { name })}>
        <Text size="sm" className={classes.text} component="blockquote">
          {text}
        </Text>
      </figure>
      <form
        aria-label={name}
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          setDone(undefined);
          if (!agree) return setError(i18n._('Tick the box to agree.'));
          accept.mutate();
        }}
      >
        <Stack gap="xs" mt="sm">
          <FormAlert message={error} />
          <FormSuccess message={done} />
          <Checkbox label={i18n._(CLEARANCE_AGREE_LABEL)} checked={agree} onChange={(e) => setAgree(e.currentTarget.checked)} />
          <Group>
            <Button type="submit" loading={accept.isPending}>
              {renew ? i18n._('Renew the agreement') : i18n._('Accept the agreement')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
