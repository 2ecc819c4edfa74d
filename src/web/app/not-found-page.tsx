import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { Page } from './page';

export function NotFoundPage() {
  return (
    <Page title={MESSAGES.pageNotFound} documentTitle="Page not found">
      <Text>
        <Anchor component={Link} to="/">
          Go to the home page
        </Anchor>
      </Text>
    </Page>
  );
}
