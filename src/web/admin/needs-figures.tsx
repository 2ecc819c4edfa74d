import { Button } from '@mantine/core';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { AdminNeedFigures } from '../../shared/need-figures';
import { BRAND } from '../../shared/brand';
import { BarChart } from './charts/bar-chart';
import { stateNameIn } from '../lib/state-names';
import { TableScroll } from './table-scroll';
import classes from './admin.module.css';

// The overview's needs board (issue 26): needs asked and met per month (a chart with its table), and how fast
// needs find help, by state: the median time from approval to the first commitment and to every unit
// committed, the figure CarePortal does not publish. Admins read exact figures.

const SALMON_DARK = '#c57a3c';
export const NEEDS_CSV_URL = '/api/admin/needs.csv';

const monthName = (i18n: I18n, month: string) =>
  i18n.date(new Date(`${month}-01T00:00:00Z`), { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "5.5 hours", "2.3 days" in the page's language: hours under two days, days beyond. */
export function formatWait(hours: number | null, i18n: I18n): string {
  if (hours === null) return '—';
  if (hours < 48) return i18n._('{count, plural, one {# hour} other {# hours}}', { count: Math.round(hours * 10) / 10 });
  return i18n._('{count, plural, one {# day} other {# days}}', { count: Math.round((hours / 24) * 10) / 10 });
}

export function NeedsFigures({ needs }: { needs: AdminNeedFigures }) {
  const asked = needs.byMonth.reduce((n, m) => n + m.asked, 0);
  const met = needs.byMonth.reduce((n, m) => n + m.met, 0);
  const national = needs.times[0];
  const { i18n } = useLingui();
  const n = (value: number) => i18n.number(value);
  return (
    <>
      <BarChart
        title={i18n._('Needs asked and met per month')}
        summary={i18n._(
          '{asked, plural, one {# need asked and {met} met (or partly met) in the last 12 months.} other {# needs asked and {met} met (or partly met) in the last 12 months.}}',
          { asked, met: n(met) },
        )}
        labelName={i18n._('Month')}
        series={[
          { name: i18n._('Asked'), color: BRAND.teal },
          { name: i18n._('Met'), color: SALMON_DARK },
        ]}
        rows={needs.byMonth.map((m) => ({ label: monthName(i18n, m.month), values: [m.asked, m.met] }))}
      />
      <section aria-labelledby="need-times-title">
        <h3 id="need-times-title" className={classes.needsTitle}>
          {i18n._('How fast needs find help')}
        </h3>
        <p className={classes.needsNote}>
          {i18n._(
            "Median time from a need's approval to its first commitment, and to every unit committed, for needs approved in the last 12 months.",
          )}
          {national && national.firstCommitment.medianHours !== null
            ? ` ${i18n._('Nationwide: {wait} to the first commitment.', { wait: formatWait(national.firstCommitment.medianHours, i18n) })}`
            : ''}
        </p>
        {needs.times.length > 1 ? (
          <TableScroll label={i18n._('Response times by state')}>
            <table className={classes.table}>
              <thead>
                <tr>
                  <th scope="col">{i18n._('State')}</th>
                  <th scope="col">{i18n._('Needs approved')}</th>
                  <th scope="col">{i18n._('To the first commitment')}</th>
                  <th scope="col">{i18n._('To met')}</th>
                </tr>
              </thead>
              <tbody>
                {needs.times.map((r) => (
                  <tr key={r.code}>
                    <th scope="row">{stateNameIn(i18n, r.code)}</th>
                    <td>{n(r.approved)}</td>
                    <td>
                      {formatWait(r.firstCommitment.medianHours, i18n)}{' '}
                      <span className={classes.needsCount}>({n(r.firstCommitment.needs)})</span>
                    </td>
                    <td>
                      {formatWait(r.met.medianHours, i18n)} <span className={classes.needsCount}>({n(r.met.needs)})</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p>{i18n._('No need has been approved in the last 12 months.')}</p>
        )}
        <p className={classes.needsNote}>{i18n._('In brackets: how many needs got there.')}</p>
        <Button component="a" href={NEEDS_CSV_URL} download variant="outline" size="sm">
          {i18n._('Download the needs (CSV)')}
        </Button>
      </section>
    </>
  );
}
