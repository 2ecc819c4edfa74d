import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AdminProfile } from '../../../shared/admin';
import { stateName } from '../../../shared/states';
import { formatDateTime } from '../../lib/format-date-time';
import { RoleControl } from './role-control';
import { SuspensionControl } from './suspension-control';
import classes from '../admin.module.css';

function link(url: string | null) {
  return url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer nofollow">
      {url}
    </Anchor>
  ) : null;
}

/** Every field of the profile, private ones included, then the role and the suspension. */
export function ProfileDetails({ profile: p }: { profile: AdminProfile }) {
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
