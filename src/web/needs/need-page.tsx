import { Loader, Text, Title } from '@mantine/core';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { NEED_NAMELESS, NEED_NOT_FOUND, needOutcomeLabel, type NeedCommitment, type NeedPage as Need } from '../../shared/needs';
import { NEED_STATUS_LABELS } from '../../shared/needs-board';
import { stateName } from '../../shared/states';
import { AppLink } from '../app/navigation';
import { useWrittenLang } from '../app/content-language';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { useLive } from '../live';
import { CloseNeed } from './close-need';
import { NeedBadges, NeedProgress } from './need-progress';
import { RespondPanel } from './respond-panel';
import { needPageOptions } from './needs-api';
import { dateTime, dollars, personName } from './need-words';
import classes from './needs.module.css';

/** /needs/:id (product.md §13): the need, its items with what is committed, who committed, the outcome; live. */
export default function NeedPage() {
  const { i18n } = useLingui();
  const { id = '' } = useParams();
  const needId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  // Every commitment, edit and closing is announced on 'needs': the page follows without a reload.
  useLive(['needs']);
  const query = useQuery({ ...needPageOptions(needId), enabled: needId > 0 });

  if (needId === 0 || query.isError) {
    const isGone = needId === 0 || (isApiRequestError(query.error) && query.error.status === 404);
    return (
      <Page title={isGone ? i18n._('Need not found') : i18n._('Need')} size="md">
        <Text mb="md" role="status">
          {isGone ? i18n._(NEED_NOT_FOUND) : i18n._('The need could not be loaded. Please try again.')}
        </Text>
        <AppLink to="/needs">{i18n._('See the open needs')}</AppLink>
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <Page title={i18n._('Need')} size="md">
        <Loader aria-label={i18n._('Loading the need')} />
      </Page>
    );
  }
  return <NeedView need={query.data} />;
}

function askerLine(i18n: I18n, need: Need): string | null {
  const a = need.asker;
  if (!a) return null;
  const name = personName(i18n, a.firstName);
  switch (a.askedAs) {
    case 'caseworker':
      return a.agency
        ? i18n._('Asked by {name}, a caseworker at {agency}.', { name, agency: a.agency })
        : i18n._('Asked by {name}, a caseworker.', { name });
    case 'church':
      return a.church
        ? i18n._('Asked by {name} for {church}.', { name, church: a.church.name })
        : i18n._('Asked by {name} for their church.', { name });
    case 'admin':
      return i18n._("Asked by {name} for the network's team.", { name });
    default:
      return a.church
        ? i18n._('Asked by {name} for their family, of {church}.', { name, church: a.church.name })
        : i18n._('Asked by {name} for their family.', { name });
  }
}

function NeedView({ need }: { need: Need }) {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  const state = i18n._(stateName(need.state) ?? need.state);
  const itemName = new Map(need.items.map((i) => [i.id, i.name]));
  const asked = askerLine(i18n, need);
  const waiting = need.outcome || need.status === 'open' ? undefined : i18n._(NEED_STATUS_LABELS[need.status]);
  // What the asker wrote is marked with its language when it is not the page's (issue 28).
  const lang = writtenLang(need.language);
  return (
    <Page title={need.title} titleLang={lang} documentTitle={i18n._('{title} | Needs', { title: need.title })} size="lg">
      <NeedBadges need={need} status={waiting} />
      <Text mb="xs">
        {need.totalValue > 0
          ? i18n._('{city}, {state} · about {value} in all', { city: need.city, state, value: dollars(i18n, need.totalValue) })
          : i18n._('{city}, {state}', { city: need.city, state })}
      </Text>
      {asked ? (
        <Text mb="xs">{asked}</Text>
      ) : (
        <Text mb="xs" c="dimmed" size="sm">
          {i18n._('Members of the network see who asked.')}
        </Text>
      )}
      {need.may.edit ? (
        <Text mb="md">
          <AppLink to={`/needs/${need.id}/edit`}>{i18n._('Edit this need')}</AppLink>
        </Text>
      ) : null}
      <div className={classes.layout}>
        <div>
          <Text style={{ whiteSpace: 'pre-line' }} maw="65ch" mb="lg" lang={lang}>
            {need.description}
          </Text>
          <section aria-labelledby="items-title">
            <Title order={2} size="h3" id="items-title" mb="sm">
              {i18n._('What is needed')}
            </Title>
            <ul className={classes.itemList}>
              {need.items.map((item) => (
                <li key={item.id}>
                  <Text fw={600}>
                    <span lang={lang}>{item.name}</span> × {i18n.number(item.quantity)}
                    {item.unitValue > 0 ? (
                      <Text span c="dimmed" fw={400} size="sm">
                        {' '}
                        {i18n._('(about {value} each)', { value: dollars(i18n, item.unitValue) })}
                      </Text>
                    ) : null}
                  </Text>
                  {item.note ? (
                    <Text size="sm" lang={lang}>
                      {item.note}
                    </Text>
                  ) : null}
                  <NeedProgress
                    committed={item.committed}
                    total={item.quantity}
                    label={i18n._('Committed to {title}', { title: item.name })}
                  />
                </li>
              ))}
            </ul>
          </section>
          <RespondPanel need={need} />
        </div>
        <aside className={classes.aside} aria-label={i18n._('Progress and commitments')}>
          <section aria-labelledby="progress-title">
            <Title order={2} size="h3" id="progress-title" mb="xs">
              {i18n._('Progress')}
            </Title>
            <NeedProgress committed={need.committedUnits} total={need.totalUnits} label={i18n._('Committed, all items together')} />
            <Text size="sm" mt="xs">
              {[
                need.totalValue > 0
                  ? i18n._('{committed} of {total} committed', {
                      committed: dollars(i18n, need.committedValue),
                      total: dollars(i18n, need.totalValue),
                    })
                  : null,
                need.prayers > 0
                  ? i18n._('{count, plural, one {# person prays} other {# people pray}} for this family', { count: need.prayers })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {need.closesAt ? (
              <Text size="sm" c="dimmed" mt="xs">
                {i18n._('Open until {when}.', { when: dateTime(i18n, need.closesAt) })}
              </Text>
            ) : null}
          </section>
          <Commitments commitments={need.commitments} itemName={itemName} />
          {need.status === 'closed' ? <Outcome need={need} /> : null}
          <CloseNeed need={need} />
        </aside>
      </div>
      <Text mt="xl">
        <AppLink to="/needs">{i18n._('All open needs')}</AppLink>
      </Text>
    </Page>
  );
}

function Commitments({ commitments, itemName }: { commitments: NeedCommitment[]; itemName: Map<number, string> }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="commitments-title">
      <Title order={2} size="h3" id="commitments-title" mb="xs">
        {i18n._('Commitments')}
      </Title>
      {commitments.length === 0 ? (
        <Text size="sm">{i18n._('Nobody has committed yet.')}</Text>
      ) : (
        <ul className={classes.itemList}>
          {commitments.map((c) => {
            const first = c.firstName === null ? (c.church ? null : i18n._(NEED_NAMELESS.member)) : personName(i18n, c.firstName);
            const who = [first, c.church?.name].filter(Boolean).join(', ');
            const what =
              c.itemId === null ? i18n._('will pray') : `${i18n.number(c.quantity)} × ${itemName.get(c.itemId) ?? i18n._('an item')}`;
            return (
              <li key={c.id}>
                <Text size="sm">
                  <strong>{c.mine ? i18n._('You') : who}</strong> · {what}
                </Text>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Outcome({ need }: { need: Need }) {
  const { i18n } = useLingui();
  const how = need.outcome ? i18n._(needOutcomeLabel(need.outcome)) : i18n._('Closed');
  const served = need.childrenServed
    ? ` · ${i18n._('{count, plural, one {# child served} other {# children served}}', { count: need.childrenServed })}`
    : '';
  return (
    <section aria-labelledby="outcome-title">
      <Title order={2} size="h3" id="outcome-title" mb="xs">
        {i18n._('Outcome')}
      </Title>
      <Text size="sm">
        {need.closedAt ? i18n._('{outcome} on {when}', { outcome: how, when: dateTime(i18n, need.closedAt) }) : how}
        {served}.
      </Text>
      {need.thankYou ? (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
          {need.thankYou}
        </Text>
      ) : null}
    </section>
  );
}
