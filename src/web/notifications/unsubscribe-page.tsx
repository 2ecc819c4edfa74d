import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { UNSUBSCRIBE_KIND_LABELS, UNSUBSCRIBE_MESSAGES } from '../../shared/notifications';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { unsubscribeQueryOptions, useUnsubscribe } from './notifications-api';

const FAILED = /*i18n*/ 'Your mail settings could not be changed just now. Please try again in a moment.';

/** The server's own words for a link it refuses (bad, forged, expired); ours when there was no answer. */
function messageOf(i18n: I18n, error: unknown): string {
  return isApiRequestError(error) && error.status >= 400 && error.status < 500 ? error.message : i18n._(FAILED);
}

/**
 * Where a notification mail's "Stop mail like this one" link leads. No sign-in: the signed token names the
 * member and the kind of mail. Opening the page changes nothing (mail scanners open links); the button does.
 */
export default function UnsubscribePage() {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const state = useQuery(unsubscribeQueryOptions(token));
  const change = useUnsubscribe(token);

  const current = change.data ?? state.data;
  const loadFailure = token === '' ? i18n._(UNSUBSCRIBE_MESSAGES.malformed) : state.isError ? messageOf(i18n, state.error) : null;
  // Named from its kind, in the page's language.
  const label = current ? i18n._(UNSUBSCRIBE_KIND_LABELS[current.kind]) : '';

  return (
    <Page title={i18n._('Stop notification mail')} size="xs">
      {state.isPending && token !== '' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{i18n._('Reading the link…')}</Text>
        </Group>
      ) : null}
      <FormAlert message={loadFailure} />
      {current ? (
        <FormCard>
          <FormAlert message={change.isError ? messageOf(i18n, change.error) : null} />
          {change.data ? (
            <FormSuccess
              message={
                change.data.mail
                  ? i18n._('Done: you will get mail for “{label}” again.', { label })
                  : i18n._('Done: you will no longer get mail for “{label}”.', { label })
              }
            />
          ) : null}
          {current.mail ? (
            <>
              {change.data ? null : (
                <Text mb="md">
                  <Trans id="Stop mail for: <0>{label}</0>?" values={{ label }} components={{ 0: <strong /> }} />{' '}
                  {current.kind === 'digest'
                    ? i18n._('New posts stay on the forum for you to read.')
                    : i18n._('You will still see these notifications on the site.')}
                </Text>
              )}
              <Group>
                <Button onClick={() => change.mutate(false)} loading={change.isPending}>
                  {i18n._('Stop this mail')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              {change.data ? null : (
                <Text mb="md">
                  <Trans
                    id="Mail for <0>{label}</0> is already off. You can turn it back on."
                    values={{ label }}
                    components={{ 0: <strong /> }}
                  />
                </Text>
              )}
              <Group>
                <Button variant="default" onClick={() => change.mutate(true)} loading={change.isPending}>
                  {change.data ? i18n._('Undo') : i18n._('Turn this mail back on')}
                </Button>
              </Group>
            </>
          )}
        </FormCard>
      ) : null}
      {state.isPending && token !== '' ? null : (
        <Text mt="lg">
          <Anchor component={Link} to="/settings/notifications">
            {i18n._('Choose which mail you get')}
          </Anchor>
        </Text>
      )}
    </Page>
  );
}
