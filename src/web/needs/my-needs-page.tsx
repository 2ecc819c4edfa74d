import { Alert, Badge, Group, Loader, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { NEED_STATUS_LABELS } from '../../shared/needs-board';
import { needOutcomeLabel } from '../../shared/needs';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { useLive } from '../live';
import { NeedProgress } from './need-progress';
import { dateTime } from './need-words';
import { myNeedsOptions } from './needs-api';
import classes from './needs.module.css';
import { LanguageBadge, useWrittenLang } from '../app/content-language';

/** /needs/mine: "Your requests", each with where it waits, what is committed, and a decline's reason. */
export default function MyNeedsPage() {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  useLive(['needs']);
  const mine = useQuery(myNeedsOptions);
  return (
    <Page title={i18n._('Your requests')} size="md">
      <Text mb="md">
        <AppLink to="/needs/new">{i18n._('Ask for a need')}</AppLink>
      </Text>
      {mine.isPending ? (
        <Loader aria-label={i18n._('Loading your requests')} />
      ) : mine.isError ? (
        <Alert color="red" variant="light">
          {i18n._('Your requests could not be loaded. Please try again.')}
        </Alert>
      ) : mine.data.needs.length === 0 ? (
        <Text role="status">{i18n._('You have not asked for anything yet.')}</Text>
      ) : (
        <ul className={classes.itemList}>
          {mine.data.needs.map((n) => (
            <li key={n.id} className={classes.card}>
              <Group gap="xs">
                <Badge color={n.status === 'open' ? 'teal.9' : 'gray.8'}>
                  {i18n._(n.outcome ? needOutcomeLabel(n.outcome) : NEED_STATUS_LABELS[n.status])}
                </Badge>
                <Text size="sm" c="dimmed">
                  {i18n._('Asked {when}', { when: dateTime(i18n, n.createdAt) })}
                </Text>
                <LanguageBadge language={n.language} />
              </Group>
              <Title order={2} size="h4" lang={writtenLang(n.language)}>
                <AppLink to={`/needs/${n.id}`} className={classes.name}>
                  {n.title}
                </AppLink>
              </Title>
              {n.declineReason ? <Text size="sm">{i18n._('Reason: {reason}', { reason: n.declineReason })}</Text> : null}
              {n.status === 'open' || n.status === 'closed' ? (
                <NeedProgress
                  committed={n.committedUnits}
                  total={n.totalUnits}
                  label={i18n._('Committed to {title}', { title: n.title })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
