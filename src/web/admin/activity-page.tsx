import { Button, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_ACTION_LABELS, ADMIN_TOPICS, type ActivityEntry } from '../../shared/admin';
import { FormAlert } from '../app/form-alert';
import { useLive } from '../live';
import { activityQueryOptions } from './admin-api';
import { AdminSection } from './admin-section';
import { TableScroll } from './table-scroll';
import { DATE_TIME } from './formats';
import classes from './admin.module.css';

/** Activity log: who did what in the admin area (and with the command line), newest first. */
export default function ActivityPage() {
  const { i18n } = useLingui();
  useLive([ADMIN_TOPICS.activity]);
  const log = useInfiniteQuery(activityQueryOptions);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <AdminSection
      title={i18n._('Activity log')}
      intro={i18n._('Deletions, role changes, downloads and data edits, newest first. The list updates by itself.')}
    >
      {log.isError && !log.data ? <FormAlert message={i18n._('The activity log could not be loaded. Please try again later.')} /> : null}
      {log.isPending ? <Loader aria-label={i18n._('Loading the activity log')} /> : null}
      {log.data && entries.length === 0 ? <Text>{i18n._('Nothing has been done in the admin area yet.')}</Text> : null}
      {entries.length ? (
        <TableScroll label={i18n._('Activity log entries')}>
          <table className={classes.table}>
            <caption>
              <VisuallyHidden>{i18n._('Admin activity, newest first')}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('When')}</th>
                <th scope="col">{i18n._('Who')}</th>
                <th scope="col">{i18n._('What')}</th>
                <th scope="col">{i18n._('Details')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className={classes.nowrap}>{i18n.date(e.at, DATE_TIME)}</td>
                  <td className={classes.wrap}>{e.actorEmail ?? i18n._('Command line')}</td>
                  <td>{i18n._(ADMIN_ACTION_LABELS[e.action] ?? e.action)}</td>
                  <td className={classes.wrap}>{describe(i18n, e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {log.hasNextPage ? (
        <Button variant="outline" mt="md" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
          {i18n._('Show older entries')}
        </Button>
      ) : null}
    </AdminSection>
  );
}

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));

/** One line saying what the entry changed, from the details the server recorded (stored as data, worded here). */
function describe(i18n: I18n, e: ActivityEntry): string {
  const d = e.details;
  const figure = (v: unknown) => (typeof v === 'number' ? i18n.number(v) : i18n._('not available'));
  switch (e.action) {
    case 'mail.delete':
      return i18n._('“{subject}” to {to} ({form}, {state})', {
        subject: text(d.subject),
        to: text(d.to),
        form: text(d.form),
        state: text(d.state),
      });
    case 'mail.retry':
      return i18n._('“{subject}” to {to} ({form})', { subject: text(d.subject), to: text(d.to), form: text(d.form) });
    case 'role.grant':
    case 'role.revoke':
      return d.via === 'command line'
        ? i18n._('{who}, in the command line', { who: text(e.target) })
        : i18n._('{who}, in the admin area', { who: text(e.target) });
    case 'profiles.export':
      return typeof d.profiles === 'number'
        ? i18n._('{count, plural, one {# profile} other {# profiles}}', { count: d.profiles })
        : i18n._('not available');
    case 'state.update': {
      const before = (d.before ?? {}) as { count?: unknown; sourceUrl?: unknown };
      const after = (d.after ?? {}) as { count?: unknown; sourceUrl?: unknown };
      const parts = [`${text(d.name) || text(e.target)}: ${figure(before.count)} → ${figure(after.count)}`];
      if (before.sourceUrl !== after.sourceUrl) {
        parts.push(after.sourceUrl ? i18n._('source now {url}', { url: text(after.sourceUrl) }) : i18n._('source removed'));
      }
      return parts.join('; ');
    }
    default:
      return text(e.target);
  }
}
