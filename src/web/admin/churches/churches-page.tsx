import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';

import { useLingui } from '@lingui/react';
import { Button, Group, Loader, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHURCH_STATUSES, languageLabel, offerLabel, type ChurchStatus } from '../../../shared/churches';
import type { AdminChurch } from '../../../shared/churches-admin';
import { STATE_CODES, type StateCode } from '../../../shared/states';
import { FormAlert } from '../../app/form-alert';
import { SearchBox } from '../../app/search-box';
import { useLive } from '../../live';
import { useStateOptions } from '../../churches';
import { AdminSection } from '../admin-section';
import { TableScroll } from '../table-scroll';
import { ApproveActions, ArchiveOrRestore, DeclineChurch, Dialog, EditChurch, MergeChurch, PointPersons } from './church-actions';
import { ChurchForm } from './church-form';
import {
  adminChurchListQueryOptions,
  CHURCHES_CSV_URL,
  linkSuggestionsQueryOptions,
  useCreateChurch,
  useLinkMember,
  type AdminChurchFilter,
} from './churches-admin-api';
import classes from '../admin.module.css';

const TABS = ['proposals', 'all', 'links'] as const;
type Tab = (typeof TABS)[number];
const STATUS_LABELS: Record<ChurchStatus, string> = {
  proposed: /*i18n*/ 'Proposed',
  active: /*i18n*/ 'Active',
  archived: /*i18n*/ 'Archived',
};

/**
 * Churches (issue 25): the queue of proposals (approve, complete then approve, merge into a church of the
 * network, decline with a reason), every church (search, filters, CSV, archive, point persons) and the
 * suggestions that link members' free-text church names. Live: any change of a church refetches it.
 */
export default function ChurchesPage() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'proposals';
  useLive(['churches']);
  return (
    <AdminSection
      title={i18n._('Churches')}
      intro={i18n._(
        'Proposals waiting for approval, every church of the network, and members whose church is only a name on their profile.',
      )}
      actions={
        <Group gap="sm">
          <AddChurch />
          <Button component="a" href={CHURCHES_CSV_URL} download variant="outline">
            {i18n._('Download CSV')}
          </Button>
        </Group>
      }
    >
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'proposals' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="proposals">{i18n._('Proposals')}</Tabs.Tab>
          <Tabs.Tab value="all">{i18n._('All churches')}</Tabs.Tab>
          <Tabs.Tab value="links">{i18n._('Link suggestions')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="proposals">
          <Proposals />
        </Tabs.Panel>
        <Tabs.Panel value="all">
          <AllChurches params={params} setParams={setParams} />
        </Tabs.Panel>
        <Tabs.Panel value="links">
          <LinkSuggestions />
        </Tabs.Panel>
      </Tabs>
    </AdminSection>
  );
}

function AddChurch() {
  const { i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const create = useCreateChurch({ onSuccess: () => setOpen(false) });
  return (
    <>
      <Button onClick={() => setOpen(true)}>{i18n._('Add a church')}</Button>
      <Dialog title={i18n._('Add a church')} isOpen={isOpen} onClose={() => setOpen(false)} size="lg">
        <ChurchForm
          submitLabel={i18n._('Add the church')}
          isPending={create.isPending}
          onCancel={() => setOpen(false)}
          onSubmit={(fields, fail) => create.mutate(fields, { onError: fail })}
        />
      </Dialog>
    </>
  );
}

function useChurchList(filter: AdminChurchFilter) {
  const list = useInfiniteQuery(adminChurchListQueryOptions(filter));
  const churches = list.data?.pages.flatMap((p) => p.churches) ?? [];
  return { list, churches, total: list.data?.pages[0]?.total ?? 0 };
}

function MoreButton({ list }: { list: ReturnType<typeof useChurchList>['list'] }) {
  const { i18n } = useLingui();
  if (!list.hasNextPage) return null;
  return (
    <Button variant="default" mt="md" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
      {i18n._('Show more churches')}
    </Button>
  );
}

function Proposals() {
  const { i18n } = useLingui();
  const dateOf = useDateOf();
  const { list, churches, total } = useChurchList({ q: '', status: 'proposed', state: '' });
  if (list.isPending) return <Loader aria-label={i18n._('Loading the proposals')} />;
  if (list.isError) return <FormAlert message={i18n._('The proposals could not be loaded. Please try again later.')} />;
  if (churches.length === 0) return <Text>{i18n._('No proposal is waiting.')}</Text>;
  return (
    <Stack gap="md">
      <Text size="sm" role="status">
        {i18n._('{total, plural, one {# proposal waiting, the oldest first.} other {# proposals waiting, the oldest first.}}', { total })}
      </Text>
      <ul
        aria-label={i18n._('Proposals')}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--mantine-spacing-md)' }}
      >
        {churches.map((c) => (
          <li key={c.id} className={classes.total} style={{ background: 'none' }}>
            <Text fw={700} component="h2" size="lg">
              {c.name}
            </Text>
            <Text size="sm">
              {[c.street, `${c.city}, ${c.state} ${c.zip}`].filter(Boolean).join(', ')} ·{' '}
              {c.ag ? i18n._('Assemblies of God') : i18n._('Not Assemblies of God')}
            </Text>
            <Text size="sm" c="dimmed">
              {c.proposer
                ? i18n._('Proposed by {name} ({email}) on {date}', {
                    name: c.proposer.name,
                    email: c.proposer.email,
                    date: dateOf(c.createdAt),
                  })
                : i18n._('Proposed by a member whose account is gone on {date}', { date: dateOf(c.createdAt) })}
              {' · '}
              {i18n._('waiting {days, plural, one {# day} other {# days}}', { days: c.waitingDays ?? 0 })}
              {c.pointPersons.length
                ? ` · ${i18n._('offered to keep its page: {names}', { names: c.pointPersons.map((p) => p.name).join(', ') })}`
                : ''}
            </Text>
            <Group gap="xs" mt="sm">
              <ApproveActions church={c} />
              <MergeChurch church={c} />
              <DeclineChurch church={c} />
            </Group>
          </li>
        ))}
      </ul>
      <MoreButton list={list} />
    </Stack>
  );
}

/** When a proposal was made, as the admin area writes dates and times (in the page's language). */
function useDateOf() {
  const { i18n } = useLingui();
  return (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

function filterOf(params: URLSearchParams): AdminChurchFilter {
  const status = params.get('status') ?? '';
  const state = params.get('state') ?? '';
  return {
    q: params.get('q') ?? '',
    status: (CHURCH_STATUSES as readonly string[]).includes(status) ? (status as ChurchStatus) : '',
    state: (STATE_CODES as readonly string[]).includes(state) ? (state as StateCode) : '',
  };
}

function AllChurches({ params, setParams }: { params: URLSearchParams; setParams: ReturnType<typeof useSearchParams>[1] }) {
  const { i18n } = useLingui();
  const stateOptions = useStateOptions('every');
  const filter = filterOf(params);
  const { list, churches, total } = useChurchList(filter);
  const update = (next: Partial<AdminChurchFilter>) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams({ tab: 'all' });
    for (const [key, value] of Object.entries(merged)) if (value) search.set(key, value);
    setParams(search, { replace: true });
  };
  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        <SearchBox
          label={i18n._('Search churches')}
          description={() => i18n._('Name, city or ZIP code')}
          value={filter.q}
          maxLength={100}
          onApply={(q) => update({ q })}
          w={{ base: '100%', sm: 320 }}
        />
        <NativeSelect
          label={i18n._('Status')}
          value={filter.status}
          onChange={(e) => update({ status: e.currentTarget.value as ChurchStatus | '' })}
          data={[
            { value: '', label: i18n._('Any status') },
            ...CHURCH_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) })),
          ]}
        />
        <NativeSelect
          label={i18n._('State')}
          value={filter.state}
          onChange={(e) => update({ state: e.currentTarget.value as StateCode | '' })}
          data={stateOptions}
        />
      </div>
      {list.isPending ? <Loader aria-label={i18n._('Loading the churches')} /> : null}
      {list.isError ? <FormAlert message={i18n._('The churches could not be loaded. Please try again later.')} /> : null}
      {list.data ? (
        <Text size="sm" role="status">
          {churches.length < total
            ? i18n._('{total, plural, one {# church} other {# churches}}, the first {shown} shown.', {
                total,
                shown: i18n.number(churches.length),
              })
            : i18n._('{total, plural, one {# church} other {# churches}}.', { total })}
        </Text>
      ) : null}
      {churches.length > 0 ? (
        <TableScroll label={i18n._('Table of churches')}>
          <table className={classes.table}>
            <thead>
              <tr>
                <th scope="col">{i18n._('Church')}</th>
                <th scope="col">{i18n._('Status')}</th>
                <th scope="col">{i18n._('Point persons')}</th>
                <th scope="col">{i18n._('Members')}</th>
                <th scope="col">{i18n._('Foster families (children)')}</th>
                <th scope="col">{i18n._('Actions')}</th>
              </tr>
            </thead>
            <tbody>
              {churches.map((c) => (
                <ChurchRow key={c.id} church={c} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <MoreButton list={list} />
    </Stack>
  );
}

function ChurchRow({ church: c }: { church: AdminChurch }) {
  const { i18n } = useLingui();
  return (
    <tr>
      <td>
        <strong>{c.name}</strong>
        <br />
        {c.city}, {c.state} {c.zip}
        <br />
        <Text span size="xs" c="dimmed">
          {c.languages.map((l) => i18n._(languageLabel(l))).join(', ')}
          {c.offers.length ? ` · ${c.offers.map((o) => i18n._(offerLabel(o))).join(', ')}` : ''}
        </Text>
      </td>
      <td>{i18n._(STATUS_LABELS[c.status])}</td>
      <td>{c.pointPersons.length ? c.pointPersons.map((p) => p.name).join(', ') : i18n._('None')}</td>
      <td>
        {i18n._('{confirmed} confirmed, {claimed} waiting', {
          confirmed: i18n.number(c.members.confirmed),
          claimed: i18n.number(c.members.claimed),
        })}
      </td>
      <td>
        {i18n.number(c.figures.fosterFamilies)} ({i18n.number(c.figures.fosterChildren)})
      </td>
      <td>
        <Group gap={6}>
          {c.status === 'proposed' ? <ApproveActions church={c} /> : null}
          <EditChurch church={c} />
          <PointPersons church={c} />
          <MergeChurch church={c} />
          <ArchiveOrRestore church={c} />
        </Group>
      </td>
    </tr>
  );
}

function LinkSuggestions() {
  const { i18n } = useLingui();
  const suggestions = useQuery(linkSuggestionsQueryOptions);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const link = useLinkMember();
  if (suggestions.isPending) return <Loader aria-label={i18n._('Loading the suggestions')} />;
  if (suggestions.isError) return <FormAlert message={i18n._('The suggestions could not be loaded. Please try again later.')} />;
  const shown = suggestions.data.suggestions.filter((s) => !dismissed.has(s.uid));
  if (shown.length === 0) return <Text>{i18n._("No member's church name is like a church of the network in their state.")}</Text>;
  return (
    <Stack gap="md">
      <Text size="sm">
        {i18n._(
          "Members who named their church in words on their profile, with the network's churches of their state whose names are most alike. Linking makes them a confirmed member of it.",
        )}
      </Text>
      <FormAlert message={link.error?.message} />
      <TableScroll label={i18n._('Link suggestions')}>
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">{i18n._('Member')}</th>
              <th scope="col">{i18n._('Their church, as they wrote it')}</th>
              <th scope="col">{i18n._('Alike churches')}</th>
              <th scope="col">{i18n._('Dismiss')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <tr key={s.uid}>
                <td>
                  {s.name}
                  <br />
                  <Text span size="xs" c="dimmed">
                    {s.email}
                    {s.city ? ` · ${s.city}, ${s.state}` : ` · ${s.state}`}
                  </Text>
                </td>
                <td>{s.churchText}</td>
                <td>
                  <Stack gap={4} align="flex-start">
                    {s.candidates.map((c) => (
                      <Button
                        key={c.id}
                        size="compact-sm"
                        variant="outline"
                        loading={link.isPending && link.variables?.uid === s.uid && link.variables.id === c.id}
                        onClick={() => link.mutate({ id: c.id, uid: s.uid })}
                      >
                        {i18n._('Link {member} to {church} ({city}, {alike} alike)', {
                          member: s.name,
                          church: c.name,
                          city: c.city,
                          alike: i18n.number(c.similarity, { style: 'percent', maximumFractionDigits: 0 }),
                        })}
                      </Button>
                    ))}
                  </Stack>
                </td>
                <td>
                  <Button size="compact-sm" variant="subtle" onClick={() => setDismissed(new Set([...dismissed, s.uid]))}>
                    {i18n._('Dismiss {name}', { name: s.name })}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Stack>
  );
}
