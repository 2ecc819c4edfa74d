import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Modal.layer.css';

import { Anchor, Button, Group, Loader, Modal, NativeSelect, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  ADMIN_SEARCH_MAX,
  ADMIN_TOPICS,
  PROFILE_SORTS,
  SUSPENSION_REASON_MAX,
  suspensionSchema,
  type AdminProfile,
  type ProfileSort,
  type SortDirection,
} from '../../shared/admin';
import { MESSAGES } from '../../shared/messages';
import { stateName } from '../../shared/states';
import { ConfirmDelete } from '../app/confirm-delete';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { SearchBox } from '../app/search-box';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { formatDateTime } from '../lib/format-date-time';
import { useLive } from '../live';
import { changeRole, liftSuspension, profileListQueryOptions, PROFILES_CSV_URL, suspendMember, type ProfileQuery } from './admin-api';
import { AdminSection } from './admin-section';
import { TableScroll } from './table-scroll';
import classes from './admin.module.css';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** The table shows the day; the details show the time too. */
const formatDay = (iso: string) => DAY.format(new Date(iso));

/** Columns that sort, with the direction a first click chooses (newest, most, A to Z). */
const SORTABLE: Record<ProfileSort, { label: string; firstDir: SortDirection }> = {
  name: { label: 'Name', firstDir: 'asc' },
  email: { label: 'Email', firstDir: 'asc' },
  state: { label: 'State', firstDir: 'asc' },
  church: { label: 'Church', firstDir: 'asc' },
  fosterKids: { label: 'Foster kids', firstDir: 'desc' },
  savedAt: { label: 'Saved', firstDir: 'desc' },
  signedUp: { label: 'Signed up', firstDir: 'desc' },
};

/** Every order the list offers, for the select (the column headers offer most of them too). */
const SORT_CHOICES = PROFILE_SORTS.flatMap((sort) => {
  const { label } = SORTABLE[sort];
  const [first, second] = SORTABLE[sort].firstDir === 'asc' ? (['asc', 'desc'] as const) : (['desc', 'asc'] as const);
  const words = (dir: SortDirection) =>
    sort === 'savedAt' || sort === 'signedUp'
      ? dir === 'desc'
        ? 'newest first'
        : 'oldest first'
      : sort === 'fosterKids'
        ? dir === 'desc'
          ? 'most first'
          : 'fewest first'
        : dir === 'asc'
          ? 'A to Z'
          : 'Z to A';
  return [first, second].map((dir) => ({ value: `${sort}:${dir}`, label: `${label}, ${words(dir)}` }));
});

function queryOf(params: URLSearchParams): ProfileQuery {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    sort: (PROFILE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProfileSort) : 'signedUp',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** All Profiles (product.md §3.17): every account's profile with all fields, live; search, sort, CSV, roles. */
export default function ProfilesPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  useLive([ADMIN_TOPICS.users]);
  const list = useQuery({ ...profileListQueryOptions(query), placeholderData: keepPreviousData });
  const [openUid, setOpenUid] = useState<string | null>(null);

  function update(next: Partial<ProfileQuery>) {
    const merged = { ...query, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.sort !== 'signedUp') search.set('sort', merged.sort);
    if (merged.dir !== 'desc') search.set('dir', merged.dir);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  }

  function onSort(sort: ProfileSort) {
    const dir = query.sort === sort ? (query.dir === 'asc' ? 'desc' : 'asc') : SORTABLE[sort].firstDir;
    update({ sort, dir });
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <AdminSection
      title="All Profiles"
      intro="Every member's profile with all its fields, private ones included. The list updates by itself."
      actions={
        <Button component="a" href={PROFILES_CSV_URL} download variant="outline">
          Download CSV
        </Button>
      }
    >
      <div className={classes.toolbar}>
        <SearchBox
          label="Search profiles"
          description={() => 'Names, email, phone, address, church, city, state or organisation'}
          value={query.q}
          maxLength={ADMIN_SEARCH_MAX}
          onApply={(q) => update({ q })}
          w={{ base: '100%', sm: 380 }}
        />
        <NativeSelect
          label="Sort by"
          value={`${query.sort}:${query.dir}`}
          onChange={(e) => {
            const [sort, dir] = e.currentTarget.value.split(':') as [ProfileSort, SortDirection];
            update({ sort, dir });
          }}
          data={SORT_CHOICES}
          miw={220}
        />
      </div>
      {list.isError && !data ? <FormAlert message={MESSAGES.profilesLoadFailed} /> : null}
      {list.isPending ? <Loader aria-label="Loading profiles" /> : null}
      {data ? (
        <>
          <Text size="sm" c="dimmed" role="status" mb="sm">
            {data.total === 0
              ? query.q
                ? 'No profile matches this search.'
                : 'No accounts yet.'
              : `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'account' : 'accounts'}${query.q ? ' match' : ''}; page ${data.page} of ${pages}.`}
          </Text>
          <TableScroll label="Profiles">
            <table className={`${classes.table} ${classes.stickyFirst}`} aria-busy={list.isFetching && list.isPlaceholderData}>
              <caption>
                <VisuallyHidden>Profiles, sorted by {SORTABLE[query.sort].label.toLowerCase()}</VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <SortHeader sort="name" label="Member" query={query} onSort={onSort} />
                  <th scope="col">Phone</th>
                  <SortHeader sort="state" label="Location" query={query} onSort={onSort} />
                  <SortHeader sort="church" query={query} onSort={onSort} />
                  <SortHeader sort="fosterKids" query={query} onSort={onSort} isNumber />
                  <SortHeader sort="savedAt" query={query} onSort={onSort} />
                  <SortHeader sort="signedUp" query={query} onSort={onSort} />
                  <th scope="col">
                    <VisuallyHidden>Details</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.profiles.map((p) => (
                  <Fragment key={p.uid}>
                    <ProfileRow profile={p} isOpen={openUid === p.uid} onToggle={() => setOpenUid((u) => (u === p.uid ? null : p.uid))} />
                    {openUid === p.uid ? (
                      <tr className={classes.detailsRow}>
                        <td colSpan={8} id={`profile-${p.uid}`}>
                          <div className={classes.detailsInner}>
                            <ProfileDetails profile={p} />
                          </div>
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {pages > 1 ? (
            <Group justify="center" mt="md">
              <Button variant="default" disabled={query.page <= 1} onClick={() => update({ page: query.page - 1 })}>
                Previous page
              </Button>
              <Text size="sm">
                Page {data.page} of {pages}
              </Text>
              <Button variant="default" disabled={query.page >= pages} onClick={() => update({ page: query.page + 1 })}>
                Next page
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </AdminSection>
  );
}

function SortHeader({
  sort,
  label = SORTABLE[sort].label,
  query,
  onSort,
  isNumber,
}: {
  sort: ProfileSort;
  label?: string;
  query: ProfileQuery;
  onSort: (s: ProfileSort) => void;
  isNumber?: boolean;
}) {
  const isActive = query.sort === sort;
  const ariaSort = isActive ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={ariaSort} className={isNumber ? classes.number : undefined}>
      <button type="button" className={classes.sortButton} onClick={() => onSort(sort)}>
        {label}
        <span className={classes.sortArrow} aria-hidden="true">
          {isActive ? (query.dir === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}

const nameOf = (p: AdminProfile) => [p.firstName, p.lastName].filter(Boolean).join(' ');
const placeOf = (p: AdminProfile) => [p.city, p.state === 'NONE' ? null : p.state].filter(Boolean).join(', ');

function ProfileRow({ profile: p, isOpen, onToggle }: { profile: AdminProfile; isOpen: boolean; onToggle: () => void }) {
  const name = nameOf(p);
  return (
    <tr data-uid={p.uid}>
      <td className={classes.member}>
        <span className={classes.memberName}>
          {name || (
            <Text span c="dimmed" size="sm">
              No profile yet
            </Text>
          )}
          {p.isAdmin ? <span className={classes.badge}>Admin</span> : null}
          {p.suspendedAt ? <span className={classes.badge}>Suspended</span> : null}
        </span>
        <span className={classes.memberEmail}>{p.email}</span>
      </td>
      <td className={classes.nowrap}>{p.phone ?? '—'}</td>
      <td>{placeOf(p) || '—'}</td>
      <td className={classes.wrap}>{p.church ?? '—'}</td>
      <td className={classes.number}>{p.numberOfFosterKids ?? '—'}</td>
      <td className={classes.nowrap}>{p.savedAt ? formatDay(p.savedAt) : '—'}</td>
      <td className={classes.nowrap}>{formatDay(p.signedUpAt)}</td>
      <td>
        <Button variant="subtle" size="xs" aria-expanded={isOpen} aria-controls={`profile-${p.uid}`} onClick={onToggle}>
          {isOpen ? 'Hide' : 'Details'}
          <VisuallyHidden> of {name || p.email}</VisuallyHidden>
        </Button>
      </td>
    </tr>
  );
}

function link(url: string | null) {
  return url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer nofollow">
      {url}
    </Anchor>
  ) : null;
}

function ProfileDetails({ profile: p }: { profile: AdminProfile }) {
  const fields: Array<[string, ReactNode]> = [
    ['First name', p.firstName],
    ['Last name', p.lastName],
    ['Email', p.email],
    ['Phone', p.phone],
    ['Street address (private)', p.streetAddress],
    ['City', p.city],
    ['State', p.state === 'NONE' ? null : `${stateName(p.state) ?? p.state} (${p.state})`],
    ['ZIP code', p.userZip],
    ['Church', p.church],
    ['AG church', p.agChurch],
    ['AG affiliated', p.agAffiliated],
    ['AG credentialed', p.agCredentialed],
    ['AG employer', p.orgAg],
    ['Title at the AG employer', p.orgAgTitle],
    ['AG employer web site', link(p.orgAgUrl)],
    ['Other organisation', p.orgOther],
    ['Title at the organisation', p.orgOtherTitle],
    ['Organisation web site', link(p.orgOtherUrl)],
    ['Foster parent', p.fosterParent],
    ['Foster children this year', p.numberOfFosterKids],
    ['Social media', link(p.socialMedia)],
    ['Comments', p.comments],
    ['Email confirmed', p.emailVerified ? 'Yes' : 'Not yet'],
    ['Profile saved', p.savedAt ? formatDateTime(p.savedAt) : 'Not yet'],
    ['Signed up', formatDateTime(p.signedUpAt)],
    ['Account id', p.uid],
  ];
  return (
    <div>
      <dl className={classes.fields}>
        {fields.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
      <RoleControl profile={p} />
      <SuspensionControl profile={p} />
    </div>
  );
}

/** Grant or revoke the admin role; ADMIN_EMAILS accounts are admins by configuration and say so. */
function RoleControl({ profile: p }: { profile: AdminProfile }) {
  const [isConfirming, setConfirming] = useState(false);
  const mutation = useMutation({ mutationFn: (isAdmin: boolean) => changeRole(p.uid, isAdmin), onSuccess: () => setConfirming(false) });
  const who = nameOf(p) || p.email;
  if (p.isListedAdmin) {
    return (
      <Text size="sm" mt="md">
        <span className={classes.badge}>Admin</span> through ADMIN_EMAILS in the site's configuration: it stays an admin until it is removed
        there.
      </Text>
    );
  }
  const next = !p.isAdmin;
  return (
    <Group mt="md" gap="sm" align="center">
      <Text size="sm">{p.isAdmin ? `${who} is an admin.` : `${who} is not an admin.`}</Text>
      <Button size="xs" variant={next ? 'filled' : 'outline'} color={next ? undefined : 'red.9'} onClick={() => setConfirming(true)}>
        {next ? 'Make admin' : 'Remove admin'}
      </Button>
      <FormAlert message={mutation.error?.message} />
      <ConfirmDelete
        opened={isConfirming}
        title={next ? `Make ${who} an admin?` : `Remove ${who} as admin?`}
        text={
          next
            ? `${who} will see every profile, private fields included, and all sent mail, and can change these roles.`
            : `${who} will no longer reach the admin area.`
        }
        isPending={mutation.isPending}
        onConfirm={() => mutation.mutate(next)}
        onClose={() => setConfirming(false)}
        confirmLabel={next ? 'Yes, make admin' : 'Yes, remove'}
        confirmColor={next ? 'teal' : 'red.9'}
        cancelLabel="Cancel"
      />
    </Group>
  );
}

/**
 * Suspend a member, with the reason they are sent, or lift it. Admins are not suspended (the server says
 * so too): revoke the role first.
 */
function SuspensionControl({ profile: p }: { profile: AdminProfile }) {
  const [isOpen, setOpen] = useState(false);
  const f = useSchemaForm({ schema: suspensionSchema, initialValues: { reason: '' } });
  const who = nameOf(p) || p.email;
  const suspension = useMutation({
    mutationFn: (why: string) => suspendMember(p.uid, why),
    onSuccess: () => {
      setOpen(false);
      f.reset();
    },
    // A refused reason shows beside it; anything else above the buttons.
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors?.reason ? undefined : error.message),
  });
  const lifting = useMutation({ mutationFn: () => liftSuspension(p.uid) });
  if (p.isAdmin && !p.suspendedAt) return null;

  if (p.suspendedAt) {
    return (
      <Stack mt="md" gap="xs">
        <Text size="sm">
          <strong>Suspended</strong> on {formatDateTime(p.suspendedAt)}. Reason: {p.suspensionReason}
        </Text>
        <Group gap="sm">
          <Button size="xs" variant="outline" onClick={() => lifting.mutate()} loading={lifting.isPending}>
            Lift the suspension of {who}
          </Button>
        </Group>
        <FormAlert message={lifting.error?.message} />
      </Stack>
    );
  }
  return (
    <Group mt="md" gap="sm" align="center">
      <Button size="xs" variant="outline" color="red.9" onClick={() => setOpen(true)}>
        Suspend {who}
      </Button>
      <Modal.Root opened={isOpen} onClose={() => setOpen(false)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title>Suspend {who}?</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Text mb="md">
              Their sessions end at once, they cannot sign in, they leave the directory and members cannot write to them. What they wrote
              stays. They are told by mail, with the reason below.
            </Text>
            <form {...f.formProps((data) => suspension.mutate(data.reason))}>
              <Textarea
                label="Reason"
                description="Sent to the member and kept in the activity log."
                required
                autosize
                minRows={3}
                maxLength={SUSPENSION_REASON_MAX}
                {...f.field('reason')}
                data-autofocus
              />
              <FormAlert message={f.formError} />
              <FormActions
                submitLabel="Suspend"
                submitColor="red.9"
                isPending={suspension.isPending}
                onCancel={() => setOpen(false)}
                isCancelLockedWhilePending
                mt="md"
              />
            </form>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Group>
  );
}
