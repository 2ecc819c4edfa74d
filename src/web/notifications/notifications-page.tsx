import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { notificationsTopic, type NotificationView } from '../../shared/notifications';
import { FormAlert } from '../app/form-alert';
import { Page } from '../app/page';
import { formatTimeAgo } from '../lib/format-date-time';
import { useMe } from '../lib/me-query';
import { useLive } from '../live';
import { notificationListQueryOptions, useMarkRead } from './notifications-api';
import classes from './notifications-page.module.css';
import { EmptyIllustration } from '../illustrations';
import { Describe } from './describe-notification';

const LOAD_FAILED = /*i18n*/ 'Your notifications could not be loaded just now. Please reload the page in a moment.';
const MARK_FAILED = /*i18n*/ 'Your notifications could not be marked read just now. Please try again in a moment.';

/** /notifications: the member's notifications, newest first, live; opening one marks it read. */
export default function NotificationsPage() {
  const me = useMe();
  // RequireAuth renders this page for members only.
  if (!me) return null;
  return <NotificationsList uid={me.id} />;
}

function NotificationsList({ uid }: { uid: string }) {
  const list = useInfiniteQuery(notificationListQueryOptions(uid));
  useLive([notificationsTopic(uid)]);
  const notifications = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const listRef = useRef<HTMLUListElement>(null);

  /** Where focus goes once the older page is on screen: the first of them, where reading goes on. */
  const focusAt = useRef<number | null>(null);
  const loadMore = () => {
    if (list.isFetchingNextPage) return;
    focusAt.current = notifications.length;
    void list.fetchNextPage().then((result) => {
      // Nothing came: a later change of the list must not take the focus.
      if (result.isError) focusAt.current = null;
    });
  };
  // After the render that shows them (not when the request ends: that render may come later).
  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    const link = listRef.current?.querySelectorAll<HTMLElement>(':scope > li a')[at];
    if (!link) return;
    focusAt.current = null;
    link.focus();
  }, [notifications.length]);

  // Shown as read at once; the server's answer (and its live event) confirms it.
  const { one: markOne, all: markAll } = useMarkRead(uid);
  const { i18n } = useLingui();

  return (
    <Page title={i18n._('Notifications')} size="sm">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Text role="status" fw={600}>
          {list.data ? (unread > 0 ? i18n._('{unread, number} unread', { unread }) : i18n._('All read')) : ''}
        </Text>
        {notifications.length > 0 ? (
          <Button
            variant="outline"
            size="sm"
            // Stays focusable when there is nothing to mark, so focus is not lost when it has done its work.
            data-disabled={unread === 0 || undefined}
            aria-disabled={unread === 0}
            onClick={() => {
              if (unread > 0) markAll.mutate();
            }}
          >
            {i18n._('Mark all read')}
          </Button>
        ) : null}
      </Group>
      <FormAlert message={markAll.isError || markOne.isError ? i18n._(MARK_FAILED) : null} />
      {list.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{i18n._('Loading your notifications…')}</Text>
        </Group>
      ) : null}
      <FormAlert message={list.isError && !list.data ? i18n._(LOAD_FAILED) : null} />
      {list.data && notifications.length === 0 ? <EmptyIllustration /> : null}
      {list.data && notifications.length === 0 ? (
        <Text>
          {i18n._('No notifications yet. When someone responds to one of your posts, or in a post you follow, you will see it here.')}
        </Text>
      ) : null}
      {notifications.length > 0 ? (
        <ul ref={listRef} className={classes.list} aria-label={i18n._('Your notifications, newest first')}>
          {notifications.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={() => (n.readAt ? undefined : markOne.mutate(n.id))} />
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <Button
          variant="outline"
          mt="md"
          onClick={loadMore}
          // Not Mantine's `loading`: it disables the button, and focus would drop to the page.
          rightSection={list.isFetchingNextPage ? <Loader size={14} aria-hidden /> : null}
        >
          {i18n._('Load more')}
        </Button>
      ) : null}
      <Text size="sm" mt="xl">
        {i18n._('Which of these also come by mail:')}{' '}
        <Anchor component={Link} to="/settings/notifications">
          {i18n._('Mail settings')}
        </Anchor>
      </Text>
    </Page>
  );
}

function NotificationItem({ notification: n, onOpen }: { notification: NotificationView; onOpen: () => void }) {
  const { i18n } = useLingui();
  const isUnread = n.readAt === null;
  return (
    <li className={classes.item} data-unread={isUnread || undefined}>
      <Link
        to={n.link}
        className={classes.link}
        onClick={onOpen}
        // A middle click opens the post (or need) in another tab: that opens the notification too (a right click does not).
        onAuxClick={(event) => {
          if (event.button === 1) onOpen();
        }}
      >
        {isUnread ? (
          <>
            <span className={classes.newLabel} aria-hidden="true">
              {i18n._('New')}
            </span>
            <VisuallyHidden>{i18n._('New:')} </VisuallyHidden>
          </>
        ) : null}
        <span className={classes.what}>
          <Describe n={n} title={classes.title} />
        </span>
      </Link>
      <Text size="sm" c="dimmed" component="p" className={classes.when}>
        <time dateTime={n.createdAt} title={i18n.date(n.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}>
          {formatTimeAgo(n.createdAt)}
        </time>
      </Text>
    </li>
  );
}
