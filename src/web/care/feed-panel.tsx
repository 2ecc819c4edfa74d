import { Button, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
import { useState } from 'react';
import type { CalendarFeedCreated } from '../../shared/care-feeds';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { calendarFeedOptions, useRenewCalendarFeed, useStopCalendarFeed } from './care-feeds-api';

const LOAD_FAILED = /*i18n*/ 'Your calendar feed could not be loaded just now. Please reload the page in a moment.';
const CHANGE_FAILED = /*i18n*/ 'Your calendar feed could not be changed just now. Please try again in a moment.';

/**
 * "Calendar feed" (issue 27): a private address the member's calendar program reads by itself, holding the care
 * tasks they claimed (for a family, every task of its team). Its address is shown once, when made or renewed;
 * renewing stops the old one at once, as does stopping the feed.
 */
export function FeedPanel() {
  const feed = useQuery(calendarFeedOptions);
  const { i18n } = useLingui();
  const [made, setMade] = useState<CalendarFeedCreated | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const [error, setError] = useState<string | null>(null);
  const renew = useRenewCalendarFeed({
    onSuccess: (created) => {
      setMade(created);
      setCopied(undefined);
      setError(null);
      setNote(feed.data?.active ? i18n._('Renewed. The old address has stopped working; add this one instead.') : null);
    },
    onError: () => setError(CHANGE_FAILED),
  });
  const stop = useStopCalendarFeed({
    onSuccess: () => {
      setMade(null);
      setError(null);
      setNote(i18n._('Stopped. The address answers nothing any more; calendars that read it keep no new tasks.'));
    },
    onError: () => setError(CHANGE_FAILED),
  });

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  const busy = renew.isPending || stop.isPending;
  return (
    <FormCard>
      <Stack gap="sm" aria-labelledby="calendar-feed-title" component="section">
        <Title order={2} size="h4" id="calendar-feed-title">
          {i18n._('Calendar feed')}
        </Title>
        <Text size="sm">
          {i18n._(
            'See the care tasks you said you would do (a family: every task of its team) in Google Calendar, Apple Calendar or Outlook. They update by themselves. The address is private: whoever has it sees your tasks, so keep it to yourself.',
          )}
        </Text>
        {feed.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{i18n._('Loading…')}</Text>
          </Group>
        ) : null}
        <FormAlert message={feed.isError ? i18n._(LOAD_FAILED) : error && i18n._(error)} />
        <FormSuccess message={note} />
        {made ? (
          <Stack gap="xs">
            <TextInput
              label={i18n._('Your feed’s address (shown this once)')}
              value={made.url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
            />
            <Group gap="sm">
              <Button variant="default" size="xs" onClick={() => void copy(made.url)}>
                {i18n._('Copy the address')}
              </Button>
              <Text size="sm" role="status">
                {copied === 'yes' ? i18n._('Copied.') : copied === 'failed' ? i18n._('Copy it from the box above.') : ''}
              </Text>
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>
                <Trans
                  id="<0>Google Calendar</0> (on a computer): Other calendars, “+”, From URL; paste the address."
                  components={{ 0: <strong /> }}
                />
              </List.Item>
              <List.Item>
                <Trans
                  id="<0>Apple Calendar</0>: File, New Calendar Subscription (on an iPhone: Settings, Calendar, Accounts, Add Subscribed Calendar); paste the address."
                  components={{ 0: <strong /> }}
                />
              </List.Item>
              <List.Item>
                <Trans id="<0>Outlook</0>: Add calendar, Subscribe from web; paste the address." components={{ 0: <strong /> }} />
              </List.Item>
            </List>
            <Text size="xs" c="dimmed">
              {i18n._('Calendar programs look for changes every few hours. Lost the address? Renew it: the old one stops.')}
            </Text>
          </Stack>
        ) : feed.data?.active ? (
          <Text size="sm">
            {i18n._(
              'Your feed is on since {when}. Its address was shown when you made it; to add it to another calendar, renew it (the old address stops working).',
              { when: i18n.date(feed.data.createdAt!, { dateStyle: 'medium', timeStyle: 'short' }) },
            )}
          </Text>
        ) : null}
        {feed.data ? (
          <Group gap="sm">
            <Button size="sm" loading={renew.isPending} disabled={busy} onClick={() => renew.mutate()}>
              {feed.data.active ? i18n._('Renew the address') : i18n._('Make my calendar feed')}
            </Button>
            {feed.data.active ? (
              <Button size="sm" variant="default" loading={stop.isPending} disabled={busy} onClick={() => stop.mutate()}>
                {i18n._('Stop the feed')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </FormCard>
  );
}
