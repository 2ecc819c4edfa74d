import { Anchor } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import type { AdminProfile } from '../../../shared/admin';
import { stateName } from '../../../shared/states';
import { RoleControl } from './role-control';
import { SuspensionControl } from './suspension-control';
import { EmailAddress } from '../email-address';
import { DATE_TIME, formatPhone } from '../formats';
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
  const { i18n } = useLingui();
  // Yes and No as the member chose them, in the page's language.
  const yesNo = (value: string | null | undefined) => (value === 'Yes' ? i18n._('Yes') : value === 'No' ? i18n._('No') : value);
  const fields: Array<[string, ReactNode]> = [
    [i18n._('First name'), p.firstName],
    [i18n._('Last name'), p.lastName],
    [i18n._('Email'), <EmailAddress key="email" email={p.email} />],
    [i18n._('Phone'), p.phone ? formatPhone(p.phone) : p.phone],
    [i18n._('Street address (private)'), p.streetAddress],
    [i18n._('City'), p.city],
    [i18n._('State'), p.state === 'NONE' ? null : `${i18n._(stateName(p.state) ?? p.state)} (${p.state})`],
    [i18n._('ZIP code'), p.userZip],
    [i18n._('Church'), p.church],
    [i18n._('AG church'), yesNo(p.agChurch)],
    [i18n._('AG affiliated'), yesNo(p.agAffiliated)],
    [i18n._('AG credentialed'), yesNo(p.agCredentialed)],
    [i18n._('AG employer'), p.orgAg],
    [i18n._('Title at the AG employer'), p.orgAgTitle],
    [i18n._('AG employer web site'), link(p.orgAgUrl)],
    [i18n._('Other organisation'), p.orgOther],
    [i18n._('Title at the organisation'), p.orgOtherTitle],
    [i18n._('Organisation web site'), link(p.orgOtherUrl)],
    [i18n._('Foster parent'), yesNo(p.fosterParent)],
    [i18n._('Foster children this year'), typeof p.numberOfFosterKids === 'number' ? i18n.number(p.numberOfFosterKids) : null],
    [i18n._('Social media'), link(p.socialMedia)],
    [i18n._('Comments'), p.comments],
    [i18n._('Email confirmed'), p.emailVerified ? i18n._('Yes') : i18n._('Not yet')],
    [i18n._('Profile saved'), p.savedAt ? i18n.date(p.savedAt, DATE_TIME) : i18n._('Not yet')],
    [i18n._('Signed up'), i18n.date(p.signedUpAt, DATE_TIME)],
    [i18n._('Account id'), p.uid],
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
