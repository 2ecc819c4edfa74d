import { Button, Text, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Fragment, useState } from 'react';
import type { AdminProfile, ProfileSort } from '../../../shared/admin';
import type { ProfileQuery } from '../admin-api';
import { TableScroll } from '../table-scroll';
import { nameOf, placeOf } from './names';
import { ProfileDetails } from './profile-details';
import { SORTABLE } from './sorting';
import { EmailAddress } from '../email-address';
import { DAY, formatPhone } from '../formats';
import classes from '../admin.module.css';

type ProfilesTableProps = {
  profiles: AdminProfile[];
  query: ProfileQuery;
  onSort: (sort: ProfileSort) => void;
  /** A page for other words or another order is on its way: the table shows the last one meanwhile. */
  isBusy: boolean;
};

/** One row per account; a row's Details open all its fields and the admin's controls below it. */
export function ProfilesTable({ profiles, query, onSort, isBusy }: ProfilesTableProps) {
  const { i18n } = useLingui();
  const [openUid, setOpenUid] = useState<string | null>(null);
  const header = { query, onSort };
  return (
    <TableScroll label={i18n._('Profiles')}>
      <table className={`${classes.table} ${classes.stickyFirst}`} aria-busy={isBusy}>
        <caption>
          <VisuallyHidden>
            {i18n._('Profiles, sorted by {column}', { column: i18n._(SORTABLE[query.sort].label).toLowerCase() })}
          </VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <SortHeader sort="name" label={i18n._('Member')} {...header} />
            <th scope="col">{i18n._('Phone')}</th>
            <SortHeader sort="state" label={i18n._('Location')} {...header} />
            <SortHeader sort="church" {...header} />
            <SortHeader sort="fosterKids" {...header} isNumber />
            <SortHeader sort="savedAt" {...header} />
            <SortHeader sort="signedUp" {...header} />
            <th scope="col">
              <VisuallyHidden>{i18n._('Details')}</VisuallyHidden>
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

function SortHeader({ sort, label, query, onSort, isNumber }: SortHeaderProps) {
  const { i18n } = useLingui();
  const isActive = query.sort === sort;
  const isAscending = query.dir === 'asc';
  return (
    <th
      scope="col"
      aria-sort={isActive ? (isAscending ? 'ascending' : 'descending') : undefined}
      className={isNumber ? classes.number : undefined}
    >
      <button type="button" className={classes.sortButton} onClick={() => onSort(sort)}>
        {label ?? i18n._(SORTABLE[sort].label)}
        <span className={classes.sortArrow} aria-hidden="true">
          {isActive ? (isAscending ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}

function ProfileRow({ profile: p, isOpen, onToggle }: { profile: AdminProfile; isOpen: boolean; onToggle: () => void }) {
  const { i18n } = useLingui();
  const name = nameOf(p);
  return (
    <tr data-uid={p.uid}>
      <td className={classes.member}>
        <span className={classes.memberName}>
          {name || (
            <Text span c="dimmed" size="sm">
              {i18n._('No profile yet')}
            </Text>
          )}
          {p.isAdmin ? <span className={classes.badge}>{i18n._('Admin')}</span> : null}
          {p.suspendedAt ? <span className={classes.badge}>{i18n._('Suspended')}</span> : null}
        </span>
        <span className={classes.memberEmail}>
          <EmailAddress email={p.email} />
        </span>
      </td>
      <td className={classes.nowrap}>{p.phone ? formatPhone(p.phone) : '—'}</td>
      <td>{placeOf(p) || '—'}</td>
      <td className={classes.wrap}>{p.church ?? '—'}</td>
      <td className={classes.number}>{typeof p.numberOfFosterKids === 'number' ? i18n.number(p.numberOfFosterKids) : '—'}</td>
      <td className={classes.nowrap}>{p.savedAt ? i18n.date(p.savedAt, DAY) : '—'}</td>
      <td className={classes.nowrap}>{i18n.date(p.signedUpAt, DAY)}</td>
      <td>
        <Button variant="subtle" size="xs" aria-expanded={isOpen} aria-controls={`profile-${p.uid}`} onClick={onToggle}>
          {isOpen ? i18n._('Hide') : i18n._('Details')}
          <VisuallyHidden> {i18n._('of {who}', { who: name || p.email })}</VisuallyHidden>
        </Button>
      </td>
    </tr>
  );
}
