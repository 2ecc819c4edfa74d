import { useLingui } from '@lingui/react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { Page } from './page';

export function NotFoundPage() {
  const { i18n } = useLingui();
  return (
    <Page title={i18n._(MESSAGES.pageNotFound)} documentTitle={i18n._('Page not found')}>
      <Text>
        <Anchor component={Link} to="/">
          {i18n._('Go to the home page')}
        </Anchor>
      </Text>
    </Page>
  );
}
