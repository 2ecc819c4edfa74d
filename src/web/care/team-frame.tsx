import { Alert, Badge, Group, Loader, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { careRoleLabel, type CareTeamHead } from '../../shared/care';
import { AppLink, AppNavLink } from '../app/navigation';
import { Page } from '../app/page';
import classes from './care.module.css';

/** The pages of one team, as its tabs list them (each page's own code owns what is under it). */
export const careTeamTabs = (teamId: number) => [
  { to: `/care/${teamId}`, label: /*i18n*/ 'Team', end: true },
  { to: `/care/${teamId}/calendar`, label: /*i18n*/ 'Calendar', end: false },
  { to: `/care/${teamId}/space`, label: /*i18n*/ 'Updates and prayer', end: false },
];

type TeamFrameProps = {
  /** The team's head from the page's answer; undefined while it loads. */
  head: CareTeamHead | undefined;
  /** The page's answer failed (a 404 says the team is not the reader's). */
  error?: { status?: number; message: string } | null;
  /** The document title's first part ("Calendar"): the team's name follows. */
  section: string;
  children?: ReactNode;
};

/**
 * Every page of a care team: the team's name as the page's heading, its church and the reader's role, and the
 * tabs between its pages. The page's content goes below, once its answer (which carries the head) is in.
 */
export function TeamFrame({ head, error, section, children }: TeamFrameProps) {
  const { i18n } = useLingui();
  if (error) {
    return (
      <Page title={i18n._('Care team')} size="md">
        <Alert color="red" variant="light" role="alert">
          {error.message}
        </Alert>
        <Text mt="md">
          <AppLink to="/care">{i18n._('Your care teams')}</AppLink>
        </Text>
      </Page>
    );
  }
  if (!head) {
    return (
      <Page title={i18n._('Care team')} size="md">
        <Loader aria-label={i18n._('Loading the care team')} />
      </Page>
    );
  }
  return (
    <Page title={head.name} documentTitle={`${section} · ${head.name}`} size="md">
      <Group gap="xs" mb="sm" mt={-8}>
        <Text size="sm" c="dimmed">
          {head.church
            ? i18n._('Around {name}’s family, {church}', { name: head.familyFirstName, church: head.church.name })
            : i18n._('Around {name}’s family', { name: head.familyFirstName })}
        </Text>
        {head.me ? <Badge variant="light">{i18n._(careRoleLabel(head.me.role))}</Badge> : <Badge color="gray.8">{i18n._('Admin')}</Badge>}
        {head.status === 'ended' ? <Badge color="gray.8">{i18n._('Ended')}</Badge> : null}
        {head.status === 'proposed' ? (
          <Badge color="mustard.3" c="dark">
            {i18n._('Waiting for the family')}
          </Badge>
        ) : null}
      </Group>
      <nav aria-label={i18n._('This care team')} className={classes.tabs}>
        {careTeamTabs(head.id).map((tab) => (
          <AppNavLink key={tab.to} to={tab.to} end={tab.end} className={classes.tab}>
            {i18n._(tab.label)}
          </AppNavLink>
        ))}
      </nav>
      {children}
    </Page>
  );
}
