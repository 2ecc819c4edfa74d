import { Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { NEED_NOT_FOUND, needOutcomeLabel, type NeedCommitment, type NeedPage as Need } from '../../shared/needs';
import { NEED_STATUS_LABELS } from '../../shared/needs-board';
import { stateName } from '../../shared/states';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { formatDateTime } from '../lib/format-date-time';
import { useLive } from '../live';
import { CloseNeed } from './close-need';
import { NeedBadges, NeedProgress } from './need-progress';
import { RespondPanel } from './respond-panel';
import { needPageOptions } from './needs-api';
import classes from './needs.module.css';

/** /needs/:id (product.md §13): the need, its items with what is committed, who committed, the outcome; live. */
export default function NeedPage() {
  const { id = '' } = useParams();
  const needId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  // Every commitment, edit and closing is announced on 'needs': the page follows without a reload.
  useLive(['needs']);
  const query = useQuery({ ...needPageOptions(needId), enabled: needId > 0 });

  if (needId === 0 || query.isError) {
    const isGone = needId === 0 || (isApiRequestError(query.error) && query.error.status === 404);
    return (
      <Page title={isGone ? 'Need not found' : 'Need'} size="md">
        <Text mb="md" role="status">
          {isGone ? NEED_NOT_FOUND : 'The need could not be loaded. Please try again.'}
        </Text>
        <AppLink to="/needs">See the open needs</AppLink>
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <Page title="Need" size="md">
        <Loader aria-label="Loading the need" />
      </Page>
    );
  }
  return <NeedView need={query.data} />;
}

function askerLine(need: Need): string | null {
  const a = need.asker;
  if (!a) return null;
  switch (a.askedAs) {
    case 'caseworker':
      return `Asked by ${a.firstName}, a caseworker${a.agency ? ` at ${a.agency}` : ''}.`;
    case 'church':
      return `Asked by ${a.firstName} for ${a.church?.name ?? 'their church'}.`;
    case 'admin':
      return `Asked by ${a.firstName} for the network's team.`;
    default:
      return `Asked by ${a.firstName} for their family${a.church ? `, of ${a.church.name}` : ''}.`;
  }
}

function NeedView({ need }: { need: Need }) {
  const state = stateName(need.state) ?? need.state;
  const itemName = new Map(need.items.map((i) => [i.id, i.name]));
  const asked = askerLine(need);
  return (
    <Page title={need.title} documentTitle={`${need.title} | Needs`} size="lg">
      <NeedBadges need={need} status={need.outcome ? undefined : need.status === 'open' ? undefined : NEED_STATUS_LABELS[need.status]} />
      <Text mb="xs">
        {need.city}, {state} · about ${need.totalValue.toLocaleString('en-US')} in all
      </Text>
      {asked ? (
        <Text mb="xs">{asked}</Text>
      ) : (
        <Text mb="xs" c="dimmed" size="sm">
          Members of the network see who asked.
        </Text>
      )}
      {need.may.edit ? (
        <Text mb="md">
          <AppLink to={`/needs/${need.id}/edit`}>Edit this need</AppLink>
        </Text>
      ) : null}
      <div className={classes.layout}>
        <div>
          <Text style={{ whiteSpace: 'pre-line' }} maw="65ch" mb="lg">
            {need.description}
          </Text>
          <section aria-labelledby="items-title">
            <Title order={2} size="h3" id="items-title" mb="sm">
              What is needed
            </Title>
            <ul className={classes.itemList}>
              {need.items.map((item) => (
                <li key={item.id}>
                  <Text fw={600}>
                    {item.name} × {item.quantity}
                    <Text span c="dimmed" fw={400} size="sm">
                      {' '}
                      (about ${item.unitValue} each)
                    </Text>
                  </Text>
                  {item.note ? <Text size="sm">{item.note}</Text> : null}
                  <NeedProgress committed={item.committed} total={item.quantity} label={`Committed to ${item.name}`} />
                </li>
              ))}
            </ul>
          </section>
          <RespondPanel need={need} />
        </div>
        <aside className={classes.aside} aria-label="Progress and commitments">
          <section aria-labelledby="progress-title">
            <Title order={2} size="h3" id="progress-title" mb="xs">
              Progress
            </Title>
            <NeedProgress committed={need.committedUnits} total={need.totalUnits} label="Committed, all items together" />
            <Text size="sm" mt="xs">
              ${need.committedValue.toLocaleString('en-US')} of ${need.totalValue.toLocaleString('en-US')} committed
              {need.prayers > 0 ? ` · ${need.prayers === 1 ? '1 person prays' : `${need.prayers} people pray`} for this family` : ''}
            </Text>
            {need.closesAt ? (
              <Text size="sm" c="dimmed" mt="xs">
                Open until {formatDateTime(need.closesAt)}.
              </Text>
            ) : null}
          </section>
          <Commitments commitments={need.commitments} itemName={itemName} />
          {need.status === 'closed' ? <Outcome need={need} /> : null}
          <CloseNeed need={need} />
        </aside>
      </div>
      <Text mt="xl">
        <AppLink to="/needs">All open needs</AppLink>
      </Text>
    </Page>
  );
}

function Commitments({ commitments, itemName }: { commitments: NeedCommitment[]; itemName: Map<number, string> }) {
  return (
    <section aria-labelledby="commitments-title">
      <Title order={2} size="h3" id="commitments-title" mb="xs">
        Commitments
      </Title>
      {commitments.length === 0 ? (
        <Text size="sm">Nobody has committed yet.</Text>
      ) : (
        <ul className={classes.itemList}>
          {commitments.map((c) => {
            const who = [c.firstName ?? (c.church ? null : 'A member'), c.church?.name].filter(Boolean).join(', ');
            const what = c.itemId === null ? 'will pray' : `${c.quantity} × ${itemName.get(c.itemId) ?? 'an item'}`;
            return (
              <li key={c.id}>
                <Text size="sm">
                  <strong>{c.mine ? 'You' : who}</strong> · {what}
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
  return (
    <section aria-labelledby="outcome-title">
      <Title order={2} size="h3" id="outcome-title" mb="xs">
        Outcome
      </Title>
      <Text size="sm">
        {need.outcome ? needOutcomeLabel(need.outcome) : 'Closed'}
        {need.closedAt ? ` on ${formatDateTime(need.closedAt)}` : ''}
        {need.childrenServed ? ` · ${need.childrenServed === 1 ? '1 child' : `${need.childrenServed} children`} served` : ''}.
      </Text>
      {need.thankYou ? (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
          {need.thankYou}
        </Text>
      ) : null}
    </section>
  );
}
