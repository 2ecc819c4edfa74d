import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { Page } from './page';

/** Keeps the header and footer when a page fails, most often because its code could not be loaded after a release. */
export function RouteError() {
  const { i18n } = useLingui();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Page title={i18n._('Something went wrong')}>
      <Text mb="md">{i18n._('This page could not be shown. Reloading usually helps.')}</Text>
      <Group>
        <Button onClick={() => window.location.reload()}>{i18n._('Reload the page')}</Button>
        <Anchor component={Link} to="/">
          {i18n._('Go to the home page')}
        </Anchor>
      </Group>
    </Page>
  );
}
