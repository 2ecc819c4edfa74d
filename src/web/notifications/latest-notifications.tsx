import { useLingui } from '@lingui/react';
import { Anchor, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SectionCard } from '../app/section-card';
import { notificationsTopic } from '../../shared/notifications-topic';
import { formatTimeAgo } from '../lib/format-date-time';
import { useLive } from '../live';
import { Describe } from './describe-notification';
import { notificationListQueryOptions } from './notifications-api';

const SHOWN = 4;

/**
 * The member's home (issue 29): their latest notifications, live, with the way to all of them. It shares the
 * notifications page's query, so opening that page after this one shows it at once.
 */
export function LatestNotifications({ uid }: { uid: string }) {
  const { i18n } = useLingui();
  useLive([notificationsTopic(uid)]);
  const list = useInfiniteQuery(notificationListQueryOptions(uid));
  const latest = list.data?.pages[0]?.notifications.slice(0, SHOWN) ?? [];
  return (
    <SectionCard
      title={i18n._('Notifications')}
      note={
        list.isSuccess && latest.length === 0
          ? i18n._('Nothing new. Responses to your posts, needs near you and news of your care teams show up here.')
          : null
      }
      more={{ to: '/notifications', label: i18n._('All notifications') }}
    >
      {latest.map((n) => (
        <li key={n.id}>
          <Anchor component={Link} to={n.link} fw={n.readAt ? 400 : 700} style={{ overflowWrap: 'anywhere' }}>
            <Describe n={n} title={undefined} />
          </Anchor>
          <Text size="xs" c="dimmed">
            <time dateTime={n.createdAt}>{formatTimeAgo(n.createdAt)}</time>
          </Text>
        </li>
      ))}
    </SectionCard>
  );
}
