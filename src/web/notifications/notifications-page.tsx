import { Anchor, Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { notificationsTopic, type NotificationView } from '../../shared/notifications';
import { FormAlert } from '../app/form-alert';
import { Page } from '../app/page';
import { formatDateTime, formatTimeAgo } from '../lib/format-date-time';
import { useMe } from '../lib/me-query';
import { useLive } from '../live';
import { notificationListQueryOptions, useMarkRead } from './notifications-api';
import classes from './notifications-page.module.css';

const LOAD_FAILED = 'Your notifications could not be loaded just now. Please reload the page in a moment.';
const MARK_FAILED = 'Your notifications could not be marked read just now. Please try again in a moment.';

/** What happened, in plain words, around the post's (or the need's) title. */
function describe(n: NotificationView): { before: string; after: string } {
  // A need's notification names no person: its actor is the need's town.
  if (n.kind === 'need') return { before: `A need near you, in ${n.actor.name}:`, after: '' };
  // A care team's names its team's event in a few words, and no title: "Grace claimed Meal on Saturday, December 5".
  if (n.kind === 'care') return { before: `${n.actor.name} ${n.care?.text ?? ''}`, after: '' };
  return n.kind === 'response'
    ? { before: `${n.actor.name} responded to your post`, after: '' }
    : { before: `${n.actor.name} responded in`, after: ', a post you follow' };
}

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

  return (
    <Page title="Notifications" size="sm">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Text role="status" fw={600}>
          {list.data ? (unread > 0 ? `${unread.toLocaleString('en-US')} unread` : 'All read') : ''}
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
            Mark all read
          </Button>
        ) : null}
      </Group>
      <FormAlert message={markAll.isError || markOne.isError ? MARK_FAILED : null} />
      {list.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading your notifications…</Text>
        </Group>
      ) : null}
      <FormAlert message={list.isError && !list.data ? LOAD_FAILED : null} />
      {list.data && notifications.length === 0 ? (
        <Text>No notifications yet. When someone responds to one of your posts, or in a post you follow, you will see it here.</Text>
      ) : null}
      {notifications.length > 0 ? (
        <ul ref={listRef} className={classes.list} aria-label="Your notifications, newest first">
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
          Load more
        </Button>
      ) : null}
      <Text size="sm" mt="xl">
        Which of these also come by mail:{' '}
        <Anchor component={Link} to="/settings/notifications">
          Mail settings
        </Anchor>
      </Text>
    </Page>
  );
}

function NotificationItem({ notification: n, onOpen }: { notification: NotificationView; onOpen: () => void }) {
  const isUnread = n.readAt === null;
  const { before, after } = describe(n);
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
              New
            </span>
            <VisuallyHidden>New: </VisuallyHidden>
          </>
        ) : null}
        <span className={classes.what}>
          {before}
          {n.post || n.need ? (
            <>
              {' '}
              <span className={classes.title}>“{(n.post ?? n.need)?.title}”</span>
            </>
          ) : null}
          {after}
        </span>
      </Link>
      <Text size="sm" c="dimmed" component="p" className={classes.when}>
        <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
          {formatTimeAgo(n.createdAt)}
        </time>
      </Text>
    </li>
  );
}
