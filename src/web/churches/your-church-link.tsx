import { useLingui } from '@lingui/react';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { myChurchQueryOptions } from './church-members-api';

/**
 * The dashboard's links to the member's church (issue 25): the pages of the churches they keep, for point
 * persons; their own church's public page otherwise (once it is in the network); a way to pick one if none.
 */
export function YourChurchLinks() {
  const { i18n } = useLingui();
  const query = useQuery(myChurchQueryOptions);
  if (!query.data) return null;
  const { church, keeps } = query.data;
  if (keeps.length > 0) {
    return keeps.map((k) => (
      <Anchor key={k.id} component={Link} to={`/churches/${k.id}/manage`}>
        {i18n._('Manage {name}', { name: k.name })}
      </Anchor>
    ));
  }
  if (church && church.churchStatus === 'active') {
    return (
      <Anchor component={Link} to={`/churches/${church.listing.id}`}>
        {i18n._('Your church: {name}', { name: church.listing.name })}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to="/update-profile#your-church-title">
      {church ? i18n._('Your church (waiting for approval)') : i18n._('Choose your church')}
    </Anchor>
  );
}
