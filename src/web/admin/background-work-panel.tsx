import { Anchor, Loader, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BackgroundWork } from '../../shared/admin';
import { FormAlert } from '../app/form-alert';
import { formatTimeAgo } from '../lib/format-date-time';
import { backgroundWorkQueryOptions } from './admin-api';
import { formatNumber } from './charts/scale';
import { TableScroll } from './table-scroll';
import classes from './admin.module.css';

// The overview's "Background work" (decision 030): in words a volunteer admin reads at a glance, whether the
// work nobody asks for (digests, backups, sending mail) happens. Ages are counted from the server's clock.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A wait in words: "12 minutes", "3 hours", "2 days". */
function duration(ms: number): string {
  if (ms < MINUTE) return 'less than a minute';
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return plural(Math.floor(ms / HOUR), 'hour');
  return plural(Math.floor(ms / DAY), 'day');
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

function digestLine({ digest }: BackgroundWork, ago: (iso: string) => string): string {
  if (digest.lastMadeAt) return `${ago(digest.lastMadeAt)} (${plural(digest.lastCount, 'member')} got one)`;
  return digest.isOn ? 'None sent yet' : 'Not made by this server (DIGEST_CHECK_MINUTES is 0)';
}

function backupLine({ backup }: BackgroundWork, ago: (iso: string) => string): string {
  const { last } = backup;
  if (!backup.isOn && !last) return 'Scheduled backups are off (set BACKUP_DIR to turn them on)';
  if (!last) return 'None taken yet';
  if (!last.finishedAt) return `One is being taken (started ${ago(last.startedAt)})`;
  if (last.error) {
    const good = backup.lastGoodAt ? ` The last good one: ${ago(backup.lastGoodAt)}.` : ' No backup has worked yet.';
    return `Failed ${ago(last.finishedAt)}: ${last.error}.${good}`;
  }
  return `${ago(last.finishedAt)}${last.file ? ` (${last.file}${last.bytes !== null ? `, ${megabytes(last.bytes)}` : ''})` : ''}`;
}

function mailLine({ mail, now }: BackgroundWork): string {
  if (mail.waiting === 0 || !mail.oldestWaitingSince) return 'None: everything has been sent';
  const waited = duration(Date.parse(now) - Date.parse(mail.oldestWaitingSince));
  return `${plural(mail.waiting, 'message')} waiting; the oldest has waited ${waited}`;
}

export function BackgroundWorkPanel() {
  const work = useQuery(backgroundWorkQueryOptions);
  return (
    <section aria-labelledby="background-work-title" className={classes.panel}>
      <Title order={2} size="h3" id="background-work-title">
        Background work
      </Title>
      {work.isError && !work.data ? <FormAlert message="The background work could not be loaded. Please try again later." /> : null}
      {work.isPending ? <Loader aria-label="Loading the background work" /> : null}
      {work.data ? <BackgroundWorkFigures work={work.data} /> : null}
    </section>
  );
}

function BackgroundWorkFigures({ work }: { work: BackgroundWork }) {
  const now = Date.parse(work.now);
  const ago = (iso: string) => formatTimeAgo(iso, now);
  const lines = [
    { term: 'Last digest', value: digestLine(work, ago) },
    { term: 'Last backup', value: backupLine(work, ago) },
    { term: 'Mail to send', value: mailLine(work) },
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
          See the mail
        </Anchor>
      ) : null}
      <Text size="sm" c="dimmed" mt="md">
        Each job on the server that answered:
      </Text>
      <TableScroll label="Background jobs">
        <table className={classes.table}>
          <caption>
            <VisuallyHidden>Background jobs on this server</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Last worked</th>
              <th scope="col">Last failed</th>
            </tr>
          </thead>
          <tbody>
            {work.jobs.map((j) => (
              <tr key={j.name}>
                <th scope="row" className={classes.wrap}>
                  {j.title}
                </th>
                <td className={classes.nowrap}>{j.lastSuccessAt ? ago(j.lastSuccessAt) : j.isRunning ? 'Working now' : 'Not yet'}</td>
                <td className={classes.wrap}>
                  {j.lastFailureAt ? `${ago(j.lastFailureAt)}: ${j.lastError ?? 'unknown error'}` : 'Never'}
                  {j.failures > 1 ? ` (${plural(j.failures, 'failure')} since the server started)` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
