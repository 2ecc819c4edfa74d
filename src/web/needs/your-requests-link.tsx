import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** The dashboard's way to the member's requests on the needs board (issue 26). */
export function YourRequestsLink() {
  return (
    <Anchor component={Link} to="/needs/mine">
      Your requests for needs
    </Anchor>
  );
}
