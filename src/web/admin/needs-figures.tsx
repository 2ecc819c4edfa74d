import { Button } from '@mantine/core';
import type { AdminNeedFigures } from '../../shared/need-figures';
import { BRAND } from '../../shared/brand';
import { BarChart } from './charts/bar-chart';
import { formatNumber } from './charts/scale';
import { TableScroll } from './table-scroll';
import classes from './admin.module.css';

// The overview's needs board (issue 26): needs asked and met per month (a chart with its table), and how fast
// needs find help, by state: the median time from approval to the first commitment and to every unit
// committed, the figure CarePortal does not publish. Admins read exact figures.

const SALMON_DARK = '#c57a3c';
export const NEEDS_CSV_URL = '/api/admin/needs.csv';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "5.5 hours", "2.3 days": hours under two days, days beyond. */
export function formatWait(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 48) return `${formatNumber(Math.round(hours * 10) / 10)} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${formatNumber(Math.round((hours / 24) * 10) / 10)} days`;
}

export function NeedsFigures({ needs }: { needs: AdminNeedFigures }) {
  const asked = needs.byMonth.reduce((n, m) => n + m.asked, 0);
  const met = needs.byMonth.reduce((n, m) => n + m.met, 0);
  const national = needs.times[0];
  return (
    <>
      <BarChart
        title="Needs asked and met per month"
        summary={`${formatNumber(asked)} ${asked === 1 ? 'need' : 'needs'} asked and ${formatNumber(met)} met (or partly met) in the last 12 months.`}
        labelName="Month"
        series={[
          { name: 'Asked', color: BRAND.teal },
          { name: 'Met', color: SALMON_DARK },
        ]}
        rows={needs.byMonth.map((m) => ({ label: monthName(m.month), values: [m.asked, m.met] }))}
      />
      <section aria-labelledby="need-times-title">
        <h3 id="need-times-title" className={classes.needsTitle}>
          How fast needs find help
        </h3>
        <p className={classes.needsNote}>
          Median time from a need&apos;s approval to its first commitment, and to every unit committed, for needs approved in the last 12
          months.
          {national && national.firstCommitment.medianHours !== null
            ? ` Nationwide: ${formatWait(national.firstCommitment.medianHours)} to the first commitment.`
            : ''}
        </p>
        {needs.times.length > 1 ? (
          <TableScroll label="Response times by state">
            <table className={classes.table}>
              <thead>
                <tr>
                  <th scope="col">State</th>
                  <th scope="col">Needs approved</th>
                  <th scope="col">To the first commitment</th>
                  <th scope="col">To met</th>
                </tr>
              </thead>
              <tbody>
                {needs.times.map((r) => (
                  <tr key={r.code}>
                    <th scope="row">{r.name}</th>
                    <td>{formatNumber(r.approved)}</td>
                    <td>
                      {formatWait(r.firstCommitment.medianHours)}{' '}
                      <span className={classes.needsCount}>({formatNumber(r.firstCommitment.needs)})</span>
                    </td>
                    <td>
                      {formatWait(r.met.medianHours)} <span className={classes.needsCount}>({formatNumber(r.met.needs)})</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p>No need has been approved in the last 12 months.</p>
        )}
        <p className={classes.needsNote}>In brackets: how many needs got there.</p>
        <Button component="a" href={NEEDS_CSV_URL} download variant="outline" size="sm">
          Download the needs (CSV)
        </Button>
      </section>
    </>
  );
}
