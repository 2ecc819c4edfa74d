import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Anchor, Button, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DIRECTORY_QUERY_MAX,
  EMPTY_DIRECTORY_FILTER,
  directoryFilterFromParams,
  directoryFilterToParams,
  isFiltered,
  type DirectoryCounts,
  type DirectoryFilter,
} from '../../shared/directory';
import { MESSAGES } from '../../shared/messages';
import { US_STATES, stateName, type StateCode } from '../../shared/states';
import { FormAlert } from '../app/form-alert';
import { Page } from '../app/page';
import { SearchBox } from '../app/search-box';
import { useMe } from '../lib/me-query';
import { directoryQueryOptions } from './directory-api';
import { MemberCard } from './member-card';
import { EmailConfirmNotice } from '../app/email-confirm-notice';
import classes from './directory.module.css';

/** The select's choices in the page's language (the states' names are the frame's catalog's). */
const stateOptions = (i18n: I18n) => [
  { value: '', label: i18n._('Choose a state') },
  ...US_STATES.map((s) => ({ value: s.code, label: i18n._(s.name) })),
];

/**
 * /directory: members whose ag_affiliated is Yes, by last name, searched and filtered on the server. The
 * filters live in the address (?q=…&foster=1&credentialed=1&state=MO), so a view can be shared and reloaded.
 */
export default function DirectoryPage() {
  const { i18n } = useLingui();
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = directoryFilterFromParams(searchParams);

  function setFilter(next: Partial<DirectoryFilter>) {
    setSearchParams(directoryFilterToParams({ ...filter, ...next }), { replace: true, preventScrollReset: true });
  }

  const list = useInfiniteQuery({ ...directoryQueryOptions(filter), placeholderData: keepPreviousData });
  const members = list.data?.pages.flatMap((p) => p.members) ?? [];
  const counts = list.data?.pages[0]?.counts ?? null;

  return (
    <Page title={i18n._('Member Directory')} size="lg">
      <Text mb="md" maw={720}>
        {i18n._(
          'Members of the network in Assemblies of God churches and ministries. Find people near you or who serve as you do, and write to them here: their email addresses, phone numbers and street addresses stay private.',
        )}
      </Text>
      <EmailConfirmNotice place="directory" />
      {me && !me.hasProfile ? (
        <Text mb="md" maw={720} size="sm">
          {i18n._('You are not listed yet, and writing to members needs a profile.')}{' '}
          <Anchor component={Link} to="/update-profile">
            {i18n._('Create your profile')}
          </Anchor>
        </Text>
      ) : null}

      <Stack gap="sm" mb="lg">
        <SearchBox
          label={i18n._('Search members')}
          description={() => i18n._('By name, church, city or organisation.')}
          placeholder={i18n._('For example: Grace Miller, Springfield')}
          value={filter.q}
          maxLength={DIRECTORY_QUERY_MAX}
          onApply={(q) => setFilter({ q })}
        />
        <DirectoryFilters filter={filter} onChange={setFilter} />
      </Stack>

      <Text size="sm" c="dimmed" mb="sm" role="status">
        {describeList(i18n, filter, counts)}
      </Text>
      {list.isPending ? <Loader aria-label={i18n._('Loading members')} /> : null}
      {list.isError && !list.data ? (
        <>
          <FormAlert message={i18n._(MESSAGES.profilesLoadFailed)} />
          <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
            {i18n._('Try again')}
          </Button>
        </>
      ) : null}
      {list.data && members.length === 0 ? (
        <Text>{isFiltered(filter) ? i18n._('No members match this search.') : i18n._('No members are listed yet.')}</Text>
      ) : null}
      {members.length ? (
        <ul className={classes.grid} aria-label={i18n._('Members')} aria-busy={list.isFetching && list.isPlaceholderData}>
          {members.map((member) => (
            <li key={member.uid}>
              <MemberCard member={member} isYou={member.uid === me?.id} canWrite={Boolean(me?.hasProfile)} />
            </li>
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <Button variant="outline" mt="lg" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {i18n._('Show more members')}
        </Button>
      ) : null}
      {list.isError && list.data ? <FormAlert message={i18n._(MESSAGES.profilesLoadFailed)} /> : null}
    </Page>
  );
}

/** What the list shows, in words; admins also get the numbers (product.md §3.12: "Admins also see a member count"). */
/** Who the list shows, by the filters' two switches. */
const WHO = {
  members: /*i18n*/ 'Members',
  foster: /*i18n*/ 'Foster parents',
  credentialed: /*i18n*/ 'AG credentialed members',
  credentialedFoster: /*i18n*/ 'AG credentialed foster parents',
};

function describeList(i18n: I18n, filter: DirectoryFilter, counts: DirectoryCounts | null): string {
  let what = i18n._('All members');
  if (isFiltered(filter)) {
    what = i18n._(
      filter.credentialed ? (filter.foster ? WHO.credentialedFoster : WHO.credentialed) : filter.foster ? WHO.foster : WHO.members,
    );
    const state = filter.state ? i18n._(stateName(filter.state) ?? filter.state) : '';
    if (state && filter.q) what = i18n._('{who} in {state} matching “{q}”', { who: what, state, q: filter.q });
    else if (state) what = i18n._('{who} in {state}', { who: what, state });
    else if (filter.q) what = i18n._('{who} matching “{q}”', { who: what, q: filter.q });
  }
  if (!counts) return i18n._('{what}, by last name', { what });
  const count = isFiltered(filter)
    ? i18n._('{matching, number} of {total, number} members', { matching: counts.matching, total: counts.total })
    : i18n._('{total, plural, one {# member} other {# members}}', { total: counts.total });
  return i18n._('{what}, by last name · {count}', { what, count });
}

function FilterButton({ isPressed, onClick, children }: { isPressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button size="sm" variant={isPressed ? 'filled' : 'outline'} aria-pressed={isPressed} onClick={onClick}>
      {children}
    </Button>
  );
}

/**
 * product.md §3.12: filter buttons Foster Parent, AG Credentialed, State (with a state select) and Show all. Choosing a
 * state applies it; the State button turns the state filter off and on again (or asks for a state first).
 * Show all clears every filter and the search.
 */
function DirectoryFilters({ filter, onChange }: { filter: DirectoryFilter; onChange: (next: Partial<DirectoryFilter>) => void }) {
  const { i18n } = useLingui();
  const [chosenState, setChosenState] = useState<StateCode | ''>(filter.state);
  const selectRef = useRef<HTMLSelectElement>(null);
  const shownState = filter.state || chosenState;
  // A state that came with the address (a shared link, back and forward) is the one to come back to.
  const [addressState, setAddressState] = useState(filter.state);
  if (filter.state !== addressState) {
    setAddressState(filter.state);
    if (filter.state) setChosenState(filter.state);
  }

  function onStateButton() {
    if (filter.state) onChange({ state: '' });
    else if (chosenState) onChange({ state: chosenState });
    else selectRef.current?.focus();
  }

  return (
    <div role="group" aria-label={i18n._('Filters')} className={classes.filters}>
      <FilterButton isPressed={filter.foster} onClick={() => onChange({ foster: !filter.foster })}>
        {i18n._('Foster Parent')}
      </FilterButton>
      <FilterButton isPressed={filter.credentialed} onClick={() => onChange({ credentialed: !filter.credentialed })}>
        {i18n._('AG Credentialed')}
      </FilterButton>
      <div className={classes.stateFilter}>
        <FilterButton isPressed={Boolean(filter.state)} onClick={onStateButton}>
          {i18n._('State')}
        </FilterButton>
        <NativeSelect
          ref={selectRef}
          className={classes.stateSelect}
          aria-label={i18n._('State to filter by')}
          data={stateOptions(i18n)}
          value={shownState}
          onChange={(event) => {
            const code = event.currentTarget.value as StateCode | '';
            setChosenState(code);
            onChange({ state: code });
          }}
        />
      </div>
      <FilterButton isPressed={!isFiltered(filter)} onClick={() => onChange(EMPTY_DIRECTORY_FILTER)}>
        {i18n._('Show all')}
      </FilterButton>
    </div>
  );
}
