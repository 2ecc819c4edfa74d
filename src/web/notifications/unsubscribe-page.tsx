import { Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { UNSUBSCRIBE_MESSAGES } from '../../shared/notifications';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { unsubscribeQueryOptions, useUnsubscribe } from './notifications-api';

const FAILED = 'Your mail settings could not be changed just now. Please try again in a moment.';

/** The server's own words for a link it refuses (bad, forged, expired); ours when there was no answer. */
function messageOf(error: unknown): string {
  return isApiRequestError(error) && error.status >= 400 && error.status < 500 ? error.message : FAILED;
}

/**
 * Where a notification mail's "Stop mail like this one" link leads. No sign-in: the signed token names the
 * member and the kind of mail. Opening the page changes nothing (mail scanners open links); the button does.
 */
export default function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const state = useQuery(unsubscribeQueryOptions(token));
  const change = useUnsubscribe(token);

  const current = change.data ?? state.data;
  const loadFailure = token === '' ? UNSUBSCRIBE_MESSAGES.malformed : state.isError ? messageOf(state.error) : null;

  return (
    <Page title="Stop notification mail" size="xs">
      {state.isPending && token !== '' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Reading the link…</Text>
        </Group>
      ) : null}
      <FormAlert message={loadFailure} />
      {current ? (
        <FormCard>
          <FormAlert message={change.isError ? messageOf(change.error) : null} />
          {change.data ? (
            <FormSuccess
              message={
                change.data.mail
                  ? `Done: you will get mail for “${change.data.label}” again.`
                  : `Done: you will no longer get mail for “${change.data.label}”.`
              }
            />
          ) : null}
          {current.mail ? (
            <>
              {change.data ? null : (
                <Text mb="md">
                  Stop mail for: <strong>{current.label}</strong>?{' '}
                  {current.kind === 'digest'
                    ? 'New posts stay on the forum for you to read.'
                    : 'You will still see these notifications on the site.'}
                </Text>
              )}
              <Group>
                <Button onClick={() => change.mutate(false)} loading={change.isPending}>
                  Stop this mail
                </Button>
              </Group>
            </>
          ) : (
            <>
              {change.data ? null : (
                <Text mb="md">
                  Mail for <strong>{current.label}</strong> is already off. You can turn it back on.
                </Text>
              )}
              <Group>
                <Button variant="default" onClick={() => change.mutate(true)} loading={change.isPending}>
                  {change.data ? 'Undo' : 'Turn this mail back on'}
                </Button>
              </Group>
            </>
          )}
        </FormCard>
      ) : null}
      {state.isPending && token !== '' ? null : (
        <Text mt="lg">
          <Anchor component={Link} to="/settings/notifications">
            Choose which mail you get
          </Anchor>
        </Text>
      )}
    </Page>
  );
}
