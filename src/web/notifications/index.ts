// Notifications' public face: the header's bell (through the header's slots, filled in by routes.tsx) and
// the follow buttons the forum's pages show.
export { NotificationsLink } from './notifications-link';
export { CategoryFollowButton, PostFollowButton, useFollowedCategories } from './follow-buttons';
export { BellIcon } from './bell-icon';
