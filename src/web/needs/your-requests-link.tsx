import { Anchor } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';

/** The dashboard's way to the member's requests on the needs board (issue 26). */
export function YourRequestsLink() {
  const { i18n } = useLingui();
  return (
    <Anchor component={Link} to="/needs/mine">
      {i18n._('Your requests for needs')}
    </Anchor>
  );
}
