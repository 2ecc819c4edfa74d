import { Page } from '../app/page';
import { FeedPanel } from './feed-panel';

/**
 * /care/feed: the member's calendar feed on a page of its own (issue 27), until the care teams' home (/care)
 * holds the panel; then this page can go.
 */
export default function CalendarFeedPage() {
  return (
    <Page title="Your calendar feed" size="sm">
      <FeedPanel />
    </Page>
  );
}
