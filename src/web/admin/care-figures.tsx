import { Loader } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '../../shared/brand';
import type { CareFigures } from '../../shared/care-figures';
import { FormAlert } from '../app/form-alert';
import { call, client } from '../lib/api-client';
import { BarChart } from './charts/bar-chart';
import { formatWait } from './needs-figures';
import classes from './admin.module.css';
import { SimpleGrid } from '../app/simple-grid';

// The overview's care teams (issue 27): active teams, families supported, tasks done per month (a chart with its
// table), the median wait from a family's request to its first claim, and families still fostering after 12
// months. Exact figures, for admins; none names a family.

const SALMON_DARK = '#c57a3c';

/** Read once per visit of the overview: a few counts, not worth a live topic of every team. */
export const careFiguresOptions = queryOptions({
  queryKey: ['admin', 'care-figures'],
  queryFn: ({ signal }) => call(client.admin.care.figures.$get(undefined, { init: { signal } })),
});

const monthName = (i18n: I18n, month: string) =>
  i18n.date(new Date(`${month}-01T00:00:00Z`), { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The overview's "Care teams" section, fetching its own figures. */
export function CareFiguresPanel() {
  const figures = useQuery(careFiguresOptions);
  const { i18n } = useLingui();
  if (figures.isError && !figures.data)
    return <FormAlert message={i18n._("The care teams' figures could not be loaded. Please try again later.")} />;
  if (!figures.data) return <Loader aria-label={i18n._("Loading the care teams' figures")} />;
  return <CareFiguresView figures={figures.data} />;
}

function CareFiguresView({ figures }: { figures: CareFigures }) {
  const done = figures.byMonth.reduce((n, m) => n + m.tasksDone, 0);
  const { asked, answered, yes } = figures.stillFostering;
  const { i18n } = useLingui();
  const n = (value: number) => i18n.number(value);
  const totals = [
    { term: i18n._('Active care teams'), value: n(figures.activeTeams) },
    { term: i18n._('Families supported'), value: n(figures.familiesSupported), note: i18n._('Every family whose team got going') },
    {
      term: i18n._('Time to a first helper'),
      value: formatWait(figures.firstClaim.medianHours, i18n),
      note: i18n._('Median, {claimed} of {tasks} requests in 12 months claimed', {
        claimed: n(figures.firstClaim.claimed),
        tasks: n(figures.firstClaim.tasks),
      }),
    },
    {
      term: i18n._('Still fostering after a year'),
      value: answered ? i18n._('{yes} of {answered}', { yes: n(yes), answered: n(answered) }) : '—',
      note: i18n._(
        "{asked, plural, one {# family asked at their team's first anniversary} other {# families asked at their team's first anniversary}}",
        {
          asked,
        },
      ),
    },
  ];
  return (
    <section aria-labelledby="care-figures-title">
      <h3 id="care-figures-title" className={classes.needsTitle}>
        {i18n._('Care teams')}
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
        title={i18n._('Care tasks done per month')}
        summary={i18n._(
          '{done, plural, one {# task done in the last 12 months: occurrences a helper signed up for, whose time has passed.} other {# tasks done in the last 12 months: occurrences a helper signed up for, whose time has passed.}}',
          { done },
        )}
        labelName={i18n._('Month')}
        series={[
          { name: i18n._('Tasks done'), color: BRAND.teal },
          { name: i18n._('Helpers who came'), color: SALMON_DARK },
        ]}
        rows={figures.byMonth.map((m) => ({ label: monthName(i18n, m.month), values: [m.tasksDone, m.helpers] }))}
      />
    </section>
  );
}
