import { Button, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import type { AdminProfile, ProfileSort } from '../../../shared/admin';
import type { ProfileQuery } from '../admin-api';
import { TableScroll } from '../table-scroll';
import { nameOf, placeOf } from './names';
import { ProfileDetails } from './profile-details';
import { SORTABLE } from './sorting';
import classes from '../admin.module.css';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** The table shows the day; the details show the time too. */
const formatDay = (iso: string) => DAY.format(new Date(iso));

type ProfilesTableProps = {
  profiles: AdminProfile[];
  query: ProfileQuery;
  onSort: (sort: ProfileSort) => void;
  /** A page for other words or another order is on its way: the table shows the last one meanwhile. */
  isBusy: boolean;
};

/** One row per account; a row's Details open all its fields and the admin's controls below it. */
export function ProfilesTable({ profiles, query, onSort, isBusy }: ProfilesTableProps) {
  const [openUid, setOpenUid] = useState<string | null>(null);
  const header = { query, onSort };
  return (
    <TableScroll label="Profiles">
      <table className={`${classes.table} ${classes.stickyFirst}`} aria-busy={isBusy}>
        <caption>
          <VisuallyHidden>Profiles, sorted by {SORTABLE[query.sort].label.toLowerCase()}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <SortHeader sort="name" label="Member" {...header} />
            <th scope="col">Phone</th>
            <SortHeader sort="state" label="Location" {...header} />
            <SortHeader sort="church" {...header} />
            <SortHeader sort="fosterKids" {...header} isNumber />
            <SortHeader sort="savedAt" {...header} />
            <SortHeader sort="signedUp" {...header} />
            <th scope="col">
              <VisuallyHidden>Details</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {profiles.map((p) => (
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
  );
}

type SortHeaderProps = {
  sort: ProfileSort;
  label?: string;
  query: ProfileQuery;
  onSort: (sort: ProfileSort) => void;
  isNumber?: boolean;
};

function SortHeader({ sort, label = SORTABLE[sort].label, query, onSort, isNumber }: SortHeaderProps) {
  const isActive = query.sort === sort;
  const isAscending = query.dir === 'asc';
  return (
    <th
      scope="col"
      aria-sort={isActive ? (isAscending ? 'ascending' : 'descending') : undefined}
      className={isNumber ? classes.number : undefined}
    >
      <button type="button" className={classes.sortButton} onClick={() => onSort(sort)}>
        {label}
        <span className={classes.sortArrow} aria-hidden="true">
          {isActive ? (isAscending ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}

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
