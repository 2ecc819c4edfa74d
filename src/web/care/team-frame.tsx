import { Alert, Badge, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { careRoleLabel, type CareTeamHead } from '../../shared/care';
import { AppLink, AppNavLink } from '../app/navigation';
import { Page } from '../app/page';
import classes from './care.module.css';

/** The pages of one team, as its tabs list them (each page's own code owns what is under it). */
export const careTeamTabs = (teamId: number) => [
  { to: `/care/${teamId}`, label: 'Team', end: true },
  { to: `/care/${teamId}/calendar`, label: 'Calendar', end: false },
  { to: `/care/${teamId}/space`, label: 'Updates and prayer', end: false },
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
  if (error) {
    return (
      <Page title="Care team" size="md">
        <Alert color="red" variant="light" role="alert">
          {error.message}
        </Alert>
        <Text mt="md">
          <AppLink to="/care">Your care teams</AppLink>
        </Text>
      </Page>
    );
  }
  if (!head) {
    return (
      <Page title="Care team" size="md">
        <Loader aria-label="Loading the care team" />
      </Page>
    );
  }
  return (
    <Page title={head.name} documentTitle={`${section} · ${head.name}`} size="md">
      <Group gap="xs" mb="sm" mt={-8}>
        <Text size="sm" c="dimmed">
          Around {head.familyFirstName}&rsquo;s family{head.church ? `, ${head.church.name}` : ''}
        </Text>
        {head.me ? <Badge variant="light">{careRoleLabel(head.me.role)}</Badge> : <Badge color="gray.8">Admin</Badge>}
        {head.status === 'ended' ? <Badge color="gray.8">Ended</Badge> : null}
        {head.status === 'proposed' ? (
          <Badge color="mustard.3" c="dark">
            Waiting for the family
          </Badge>
        ) : null}
      </Group>
      <nav aria-label="This care team" className={classes.tabs}>
        {careTeamTabs(head.id).map((tab) => (
          <AppNavLink key={tab.to} to={tab.to} end={tab.end} className={classes.tab}>
            {tab.label}
          </AppNavLink>
        ))}
      </nav>
      {children}
    </Page>
  );
}
