import { Anchor, Loader, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BackgroundWork } from '../../shared/admin';
import { FormAlert } from '../app/form-alert';
import { formatTimeAgo } from '../lib/format-date-time';
import { backgroundWorkQueryOptions } from './admin-api';
import { TableScroll } from './table-scroll';
import classes from './admin.module.css';

// The overview's "Background work" (decision 030): in words a volunteer admin reads at a glance, whether the
// work nobody asks for (digests, backups, sending mail) happens. Ages are counted from the server's clock.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A wait in words: "12 minutes", "3 hours", "2 days". */
function duration(i18n: I18n, ms: number): string {
  if (ms < MINUTE) return i18n._('less than a minute');
  if (ms < HOUR) return i18n._('{count, plural, one {# minute} other {# minutes}}', { count: Math.floor(ms / MINUTE) });
  if (ms < DAY) return i18n._('{count, plural, one {# hour} other {# hours}}', { count: Math.floor(ms / HOUR) });
  return i18n._('{count, plural, one {# day} other {# days}}', { count: Math.floor(ms / DAY) });
}

const megabytes = (i18n: I18n, bytes: number) => `${i18n.number(bytes / 1_000_000, { maximumFractionDigits: 1 })} MB`;

type Ago = (iso: string) => string;

function digestLine(i18n: I18n, { digest }: BackgroundWork, ago: Ago): string {
  if (digest.lastMadeAt) {
    return i18n._('{when} ({count, plural, one {# member got one} other {# members got one}})', {
      when: ago(digest.lastMadeAt),
      count: digest.lastCount,
    });
  }
  return digest.isOn ? i18n._('None sent yet') : i18n._('Not made by this server (DIGEST_CHECK_MINUTES is 0)');
}

function backupLine(i18n: I18n, { backup }: BackgroundWork, ago: Ago): string {
  const { last } = backup;
  if (!backup.isOn && !last) return i18n._('Scheduled backups are off (set BACKUP_DIR to turn them on)');
  if (!last) return i18n._('None taken yet');
  if (!last.finishedAt) return i18n._('One is being taken (started {when})', { when: ago(last.startedAt) });
  if (last.error) {
    const failed = i18n._('Failed {when}: {error}.', { when: ago(last.finishedAt), error: last.error });
    const good = backup.lastGoodAt
      ? i18n._('The last good one: {when}.', { when: ago(backup.lastGoodAt) })
      : i18n._('No backup has worked yet.');
    return `${failed} ${good}`;
  }
  if (!last.file) return ago(last.finishedAt);
  const file = last.bytes !== null ? `${last.file}, ${megabytes(i18n, last.bytes)}` : last.file;
  return `${ago(last.finishedAt)} (${file})`;
}

function mailLine(i18n: I18n, { mail, now }: BackgroundWork): string {
  if (mail.waiting === 0 || !mail.oldestWaitingSince) return i18n._('None: everything has been sent');
  return i18n._('{count, plural, one {# message} other {# messages}} waiting; the oldest has waited {waited}', {
    count: mail.waiting,
    waited: duration(i18n, Date.parse(now) - Date.parse(mail.oldestWaitingSince)),
  });
}

export function BackgroundWorkPanel() {
  const { i18n } = useLingui();
  const work = useQuery(backgroundWorkQueryOptions);
  return (
    <section aria-labelledby="background-work-title" className={classes.panel}>
      <Title order={2} size="h3" id="background-work-title">
        {i18n._('Background work')}
      </Title>
      {work.isError && !work.data ? (
        <FormAlert message={i18n._('The background work could not be loaded. Please try again later.')} />
      ) : null}
      {work.isPending ? <Loader aria-label={i18n._('Loading the background work')} /> : null}
      {work.data ? <BackgroundWorkFigures work={work.data} /> : null}
    </section>
  );
}

function BackgroundWorkFigures({ work }: { work: BackgroundWork }) {
  const { i18n } = useLingui();
  const now = Date.parse(work.now);
  const ago: Ago = (iso) => formatTimeAgo(iso, now);
  const lines = [
    { term: i18n._('Last digest'), value: digestLine(i18n, work, ago) },
    { term: i18n._('Last backup'), value: backupLine(i18n, work, ago) },
    { term: i18n._('Mail to send'), value: mailLine(i18n, work) },
  ];
  return (
    <>
      <dl className={classes.facts}>
        {lines.map((l) => (
          <div key={l.term}>
            <dt>{l.term}</dt>
            <dd>{l.value}</dd>
          </div>
        ))}
      </dl>
      {work.mail.waiting > 0 ? (
        <Anchor component={Link} to="/admin/mail" size="sm">
          {i18n._('See the mail')}
        </Anchor>
      ) : null}
      <Text size="sm" c="dimmed" mt="md">
        {i18n._('Each job on the server that answered:')}
      </Text>
      <TableScroll label={i18n._('Background jobs')}>
        <table className={classes.table}>
          <caption>
            <VisuallyHidden>{i18n._('Background jobs on this server')}</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('Job')}</th>
              <th scope="col">{i18n._('Last worked')}</th>
              <th scope="col">{i18n._('Last failed')}</th>
            </tr>
          </thead>
          <tbody>
            {work.jobs.map((j) => (
              <tr key={j.name}>
                <th scope="row" className={classes.wrap}>
                  {/* A job's title is an English message id (src/server/site-jobs.ts). */}
                  {i18n._(j.title)}
                </th>
                <td className={classes.nowrap}>
                  {j.lastSuccessAt ? ago(j.lastSuccessAt) : j.isRunning ? i18n._('Working now') : i18n._('Not yet')}
                </td>
                <td className={classes.wrap}>
                  {j.lastFailureAt ? `${ago(j.lastFailureAt)}: ${j.lastError ?? i18n._('unknown error')}` : i18n._('Never')}
                  {j.failures > 1
                    ? ` ${i18n._('({count, plural, one {# failure} other {# failures}} since the server started)', { count: j.failures })}`
                    : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
