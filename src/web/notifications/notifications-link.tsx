import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { ActionIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notificationsTopic } from '../../shared/notifications-topic';
import type { NotificationsLinkProps } from '../app/header-slots';
import { AppNavLink } from '../app/navigation';
import { useMe } from '../lib/me-query';
import { useLive } from '../live';
import { BellIcon } from './bell-icon';
import { unreadCountQueryOptions } from './notifications-api';
import classes from './notifications.module.css';

/** The badge shows at most this; the accessible name says the whole count. */
const BADGE_MAX = 99;

/** "Notifications, 3 unread", or "Notifications" when nothing is unread, in the page's language. */
export function notificationsLabel(i18n: I18n, unread: number): string {
  return unread > 0 ? i18n._('Notifications, {unread, number} unread', { unread }) : i18n._('Notifications');
}

/**
 * The way to /notifications for the signed-in member, with their unread count kept live: the header's bell
 * (a badge with the count) or the phone menu's entry. The count follows the member's live topic; every
 * (re)connect of the stream refetches it, so it is right again after the connection was lost.
 */
export function NotificationsLink({ variant, className, onClick }: NotificationsLinkProps) {
  const me = useMe();
  if (!me) return null;
  return <MemberNotificationsLink uid={me.id} variant={variant} className={className} onClick={onClick} />;
}

function MemberNotificationsLink({ uid, variant, className, onClick }: NotificationsLinkProps & { uid: string }) {
  const { i18n } = useLingui();
  const count = useQuery(unreadCountQueryOptions(uid));
  useLive([notificationsTopic(uid)]);
  const unread = count.data?.unread ?? 0;
  const label = notificationsLabel(i18n, unread);

  if (variant === 'menu') {
    return (
      <AppNavLink to="/notifications" className={className} onClick={onClick}>
        {i18n._('Notifications')}
        {unread > 0 ? <span className={classes.menuCount}> {i18n._('({unread, number} unread)', { unread })}</span> : null}
      </AppNavLink>
    );
  }
  return (
    <ActionIcon
      component={AppNavLink}
      to="/notifications"
      onClick={onClick}
      size={40}
      radius="xl"
      variant="light"
      aria-label={label}
      title={label}
      className={classes.bell}
      data-unread={unread}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className={classes.badge} aria-hidden="true">
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </ActionIcon>
  );
}
