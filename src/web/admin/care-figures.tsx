import '@mantine/core/styles/SimpleGrid.layer.css';
import { Loader, SimpleGrid } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '../../shared/brand';
import type { CareFigures } from '../../shared/care-figures';
import { FormAlert } from '../app/form-alert';
import { call, client } from '../lib/api-client';
import { BarChart } from './charts/bar-chart';
import { formatNumber } from './charts/scale';
import { formatWait } from './needs-figures';
import classes from './admin.module.css';

// The overview's care teams (issue 27): active teams, families supported, tasks done per month (a chart with its
// table), the median wait from a family's request to its first claim, and families still fostering after 12
// months. Exact figures, for admins; none names a family.

const SALMON_DARK = '#c57a3c';

/** Read once per visit of the overview: a few counts, not worth a live topic of every team. */
export const careFiguresOptions = queryOptions({
  queryKey: ['admin', 'care-figures'],
  queryFn: ({ signal }) => call(client.admin.care.figures.$get(undefined, { init: { signal } })),
});

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The overview's "Care teams" section, fetching its own figures. */
export function CareFiguresPanel() {
  const figures = useQuery(careFiguresOptions);
  if (figures.isError && !figures.data) return <FormAlert message="The care teams' figures could not be loaded. Please try again later." />;
  if (!figures.data) return <Loader aria-label="Loading the care teams' figures" />;
  return <CareFiguresView figures={figures.data} />;
}

function CareFiguresView({ figures }: { figures: CareFigures }) {
  const done = figures.byMonth.reduce((n, m) => n + m.tasksDone, 0);
  const { asked, answered, yes } = figures.stillFostering;
  const totals = [
    { term: 'Active care teams', value: formatNumber(figures.activeTeams) },
    { term: 'Families supported', value: formatNumber(figures.familiesSupported), note: 'Every family whose team got going' },
    {
      term: 'Time to a first helper',
      value: formatWait(figures.firstClaim.medianHours),
      note: `Median, ${formatNumber(figures.firstClaim.claimed)} of ${formatNumber(figures.firstClaim.tasks)} requests in 12 months claimed`,
    },
    {
      term: 'Still fostering after a year',
      value: answered ? `${formatNumber(yes)} of ${formatNumber(answered)}` : '—',
      note: `${formatNumber(asked)} ${asked === 1 ? 'family' : 'families'} asked at their team's first anniversary`,
    },
  ];
  return (
    <section aria-labelledby="care-figures-title">
      <h3 id="care-figures-title" className={classes.needsTitle}>
        Care teams
      </h3>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" className={classes.totals}>
        {totals.map((f) => (
          <div key={f.term} className={classes.total}>
            <dt>{f.term}</dt>
            <dd className={classes.totalValue}>{f.value}</dd>
            {f.note ? <dd className={classes.totalNote}>{f.note}</dd> : null}
          </div>
        ))}
      </SimpleGrid>
      <BarChart
        title="Care tasks done per month"
        summary={`${formatNumber(done)} ${done === 1 ? 'task' : 'tasks'} done in the last 12 months: occurrences a helper signed up for, whose time has passed.`}
        labelName="Month"
        series={[
          { name: 'Tasks done', color: BRAND.teal },
          { name: 'Helpers who came', color: SALMON_DARK },
        ]}
        rows={figures.byMonth.map((m) => ({ label: monthName(m.month), values: [m.tasksDone, m.helpers] }))}
      />
    </section>
  );
}
