import { Button, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_ACTION_LABELS, ADMIN_TOPICS, type ActivityEntry } from '../../shared/admin';
import { FormAlert } from '../app/form-alert';
import { formatDateTime } from '../lib/format-date-time';
import { useLive } from '../live';
import { activityQueryOptions } from './admin-api';
import { AdminSection } from './admin-section';
import { TableScroll } from './table-scroll';
import { formatNumber } from './charts/scale';
import classes from './admin.module.css';

/** Activity log: who did what in the admin area (and with the command line), newest first. */
export default function ActivityPage() {
  useLive([ADMIN_TOPICS.activity]);
  const log = useInfiniteQuery(activityQueryOptions);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <AdminSection title="Activity log" intro="Deletions, role changes, downloads and data edits, newest first. The list updates by itself.">
      {log.isError && !log.data ? <FormAlert message="The activity log could not be loaded. Please try again later." /> : null}
      {log.isPending ? <Loader aria-label="Loading the activity log" /> : null}
      {log.data && entries.length === 0 ? <Text>Nothing has been done in the admin area yet.</Text> : null}
      {entries.length ? (
        <TableScroll label="Activity log entries">
          <table className={classes.table}>
            <caption>
              <VisuallyHidden>Admin activity, newest first</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className={classes.nowrap}>{formatDateTime(e.at)}</td>
                  <td className={classes.wrap}>{e.actorEmail ?? 'Command line'}</td>
                  <td>{ADMIN_ACTION_LABELS[e.action] ?? e.action}</td>
                  <td className={classes.wrap}>{describe(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {log.hasNextPage ? (
        <Button variant="outline" mt="md" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
          Show older entries
        </Button>
      ) : null}
    </AdminSection>
  );
}

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));
const figure = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : 'not available');

/** One line saying what the entry changed, from the details the server recorded. */
function describe(e: ActivityEntry): string {
  const d = e.details;
  switch (e.action) {
    case 'mail.delete':
      return `“${text(d.subject)}” to ${text(d.to)} (${text(d.form)}, ${text(d.state)})`;
    case 'mail.retry':
      return `“${text(d.subject)}” to ${text(d.to)} (${text(d.form)})`;
    case 'role.grant':
    case 'role.revoke':
      return `${text(e.target)}, in the ${text(d.via) || 'admin area'}`;
    case 'profiles.export':
      return `${figure(d.profiles)} profiles`;
    case 'state.update': {
      const before = (d.before ?? {}) as { count?: unknown; sourceUrl?: unknown };
      const after = (d.after ?? {}) as { count?: unknown; sourceUrl?: unknown };
      const parts = [`${text(d.name) || text(e.target)}: ${figure(before.count)} → ${figure(after.count)}`];
      if (before.sourceUrl !== after.sourceUrl) parts.push(after.sourceUrl ? `source now ${text(after.sourceUrl)}` : 'source removed');
      return parts.join('; ');
    }
    default:
      return text(e.target);
  }
}
