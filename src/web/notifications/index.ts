// Notifications' public face: the follow buttons the forum's pages show. (The header's bell is loaded by
// routes.tsx from its own file, lazily, so pages that import this file do not bring it along.)
export { CategoryFollowButton, PostFollowButton, useFollowedCategories } from './follow-buttons';
export { BellIcon } from './bell-icon';
export { LatestNotifications } from './latest-notifications';
