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

const STATE_OPTIONS = [{ value: '', label: 'Choose a state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))];

/**
 * /directory: members whose ag_affiliated is Yes, by last name, searched and filtered on the server. The
 * filters live in the address (?q=…&foster=1&credentialed=1&state=MO), so a view can be shared and reloaded.
 */
export default function DirectoryPage() {
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
    <Page title="Member Directory" size="lg">
      <Text mb="md" maw={720}>
        Members of the network in Assemblies of God churches and ministries. Find people near you or who serve as you do, and write to them
        here: their email addresses, phone numbers and street addresses stay private.
      </Text>
      <EmailConfirmNotice place="directory" />
      {me && !me.hasProfile ? (
        <Text mb="md" maw={720} size="sm">
          You are not listed yet, and writing to members needs a profile.{' '}
          <Anchor component={Link} to="/update-profile">
            Create your profile
          </Anchor>
        </Text>
      ) : null}

      <Stack gap="sm" mb="lg">
        <SearchBox
          label="Search members"
          description={() => 'By name, church, city or organisation.'}
          placeholder="For example: Grace Miller, Springfield"
          value={filter.q}
          maxLength={DIRECTORY_QUERY_MAX}
          onApply={(q) => setFilter({ q })}
        />
        <DirectoryFilters filter={filter} onChange={setFilter} />
      </Stack>

      <Text size="sm" c="dimmed" mb="sm" role="status">
        {describeList(filter, counts)}
      </Text>
      {list.isPending ? <Loader aria-label="Loading members" /> : null}
      {list.isError && !list.data ? (
        <>
          <FormAlert message={MESSAGES.profilesLoadFailed} />
          <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
            Try again
          </Button>
        </>
      ) : null}
      {list.data && members.length === 0 ? (
        <Text>{isFiltered(filter) ? 'No members match this search.' : 'No members are listed yet.'}</Text>
      ) : null}
      {members.length ? (
        <ul className={classes.grid} aria-label="Members" aria-busy={list.isFetching && list.isPlaceholderData}>
          {members.map((member) => (
            <li key={member.uid}>
              <MemberCard member={member} isYou={member.uid === me?.id} canWrite={Boolean(me?.hasProfile)} />
            </li>
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <Button variant="outline" mt="lg" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Show more members
        </Button>
      ) : null}
      {list.isError && list.data ? <FormAlert message={MESSAGES.profilesLoadFailed} /> : null}
    </Page>
  );
}

/** What the list shows, in words; admins also get the numbers (product.md §3.12: "Admins also see a member count"). */
function describeList(filter: DirectoryFilter, counts: DirectoryCounts | null): string {
  let what = 'All members';
  if (isFiltered(filter)) {
    const noun = filter.foster ? 'foster parents' : 'members';
    const who = filter.credentialed ? `AG credentialed ${noun}` : noun;
    what = who.charAt(0).toUpperCase() + who.slice(1);
    if (filter.state) what += ` in ${stateName(filter.state)}`;
    if (filter.q) what += ` matching “${filter.q}”`;
  }
  if (!counts) return `${what}, by last name`;
  const number = (n: number) => n.toLocaleString('en-US');
  const count = isFiltered(filter)
    ? `${number(counts.matching)} of ${number(counts.total)} members`
    : `${number(counts.total)} ${counts.total === 1 ? 'member' : 'members'}`;
  return `${what}, by last name · ${count}`;
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
    <div role="group" aria-label="Filters" className={classes.filters}>
      <FilterButton isPressed={filter.foster} onClick={() => onChange({ foster: !filter.foster })}>
        Foster Parent
      </FilterButton>
      <FilterButton isPressed={filter.credentialed} onClick={() => onChange({ credentialed: !filter.credentialed })}>
        AG Credentialed
      </FilterButton>
      <div className={classes.stateFilter}>
        <FilterButton isPressed={Boolean(filter.state)} onClick={onStateButton}>
          State
        </FilterButton>
        <NativeSelect
          ref={selectRef}
          className={classes.stateSelect}
          aria-label="State to filter by"
          data={STATE_OPTIONS}
          value={shownState}
          onChange={(event) => {
            const code = event.currentTarget.value as StateCode | '';
            setChosenState(code);
            onChange({ state: code });
          }}
        />
      </div>
      <FilterButton isPressed={!isFiltered(filter)} onClick={() => onChange(EMPTY_DIRECTORY_FILTER)}>
        Show all
      </FilterButton>
    </div>
  );
}
