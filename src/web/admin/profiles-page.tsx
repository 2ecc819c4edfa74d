import { Button, Loader, NativeSelect } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ADMIN_SEARCH_MAX, ADMIN_TOPICS, PROFILE_SORTS, type ProfileSort, type SortDirection } from '../../shared/admin';
import { MESSAGES } from '../../shared/messages';
import { FormAlert } from '../app/form-alert';
import { SearchBox } from '../app/search-box';
import { useLive } from '../live';
import { profileListQueryOptions, PROFILES_CSV_URL, type ProfileQuery } from './admin-api';
import { AdminSection } from './admin-section';
import { ListStatus } from './profiles/list-status';
import { Pager } from '../app/pager';
import { ProfilesTable } from './profiles/profiles-table';
import { nextDirection, sortChoices } from './profiles/sorting';
import classes from './admin.module.css';

const DEFAULT_SORT: ProfileSort = 'signedUp';
const DEFAULT_DIR: SortDirection = 'desc';

/** The list as the address asks for it; anything missing or unknown is the default. */
function queryOf(params: URLSearchParams): ProfileQuery {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    sort: (PROFILE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProfileSort) : DEFAULT_SORT,
    dir: params.get('dir') === 'asc' ? 'asc' : DEFAULT_DIR,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The address of a list: only what differs from the defaults, so the plain list has a plain address. */
function searchOf(query: ProfileQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.sort !== DEFAULT_SORT) search.set('sort', query.sort);
  if (query.dir !== DEFAULT_DIR) search.set('dir', query.dir);
  if (query.page > 1) search.set('page', String(query.page));
  return search;
}

/** All Profiles (product.md §3.17): every account's profile with all fields, live; search, sort, CSV, roles. */
export default function ProfilesPage() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  useLive([ADMIN_TOPICS.users]);
  const list = useQuery({ ...profileListQueryOptions(query), placeholderData: keepPreviousData });

  /** Another search or order starts again at page 1. */
  const update = (next: Partial<ProfileQuery>) => setParams(searchOf({ ...query, page: 1, ...next }), { replace: true });
  const onSort = (sort: ProfileSort) => update({ sort, dir: nextDirection(query, sort) });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <AdminSection
      title={i18n._('All Profiles')}
      intro={i18n._("Every member's profile with all its fields, private ones included. The list updates by itself.")}
      actions={
        <Button component="a" href={PROFILES_CSV_URL} download variant="outline">
          {i18n._('Download CSV')}
        </Button>
      }
    >
      <div className={classes.toolbar}>
        <SearchBox
          label={i18n._('Search profiles')}
          description={() => i18n._('Names, email, phone, address, church, city, state or organisation')}
          value={query.q}
          maxLength={ADMIN_SEARCH_MAX}
          onApply={(q) => update({ q })}
          w={{ base: '100%', sm: 380 }}
        />
        <NativeSelect
          label={i18n._('Sort by')}
          value={`${query.sort}:${query.dir}`}
          onChange={(e) => {
            const [sort, dir] = e.currentTarget.value.split(':') as [ProfileSort, SortDirection];
            update({ sort, dir });
          }}
          data={sortChoices(i18n)}
          miw={220}
        />
      </div>
      {list.isError && !data ? <FormAlert message={i18n._(MESSAGES.profilesLoadFailed)} /> : null}
      {list.isPending ? <Loader aria-label={i18n._('Loading profiles')} /> : null}
      {data ? (
        <>
          <ListStatus total={data.total} page={data.page} pages={pages} isSearch={query.q !== ''} />
          <ProfilesTable profiles={data.profiles} query={query} onSort={onSort} isBusy={list.isFetching && list.isPlaceholderData} />
          <Pager page={query.page} pages={pages} onPage={(page) => update({ page })} />
        </>
      ) : null}
    </AdminSection>
  );
}
