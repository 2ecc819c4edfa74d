// Discuss's public face: what pages other than its own show of it.
export { RecentPosts } from './recent-posts';
