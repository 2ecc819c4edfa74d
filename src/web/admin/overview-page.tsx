import { Anchor, Loader, NativeSelect, SimpleGrid } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OVERVIEW_DAY_RANGES, OVERVIEW_DEFAULT_DAYS, type AdminOverview } from '../../shared/admin';
import type { PageViewSummary } from '../../shared/page-view';
import { FormAlert } from '../app/form-alert';
import { BRAND } from '../../shared/brand';
import { AdminSection } from './admin-section';
import { BackgroundWorkPanel } from './background-work-panel';
import { overviewQueryOptions, pageViewsQueryOptions, useLiveOverview } from './admin-api';
import { BarChart } from './charts/bar-chart';
import { ColumnChart, type Column } from './charts/column-chart';
import { formatNumber } from './charts/scale';
import { NeedsFigures } from './needs-figures';
import { CareFiguresPanel } from './care-figures';
import classes from './admin.module.css';

// The second series' colour: the brand salmon darkened to 3.4:1 on white, so its bars stand out (WCAG 1.4.11).
const SALMON_DARK = '#c57a3c';
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_FULL = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function daysParam(raw: string | null): number {
  const n = Number(raw);
  return (OVERVIEW_DAY_RANGES as readonly number[]).includes(n) ? n : OVERVIEW_DEFAULT_DAYS;
}

/** The UTC days of the period, oldest first. */
function periodDays(since: string, days: number): string[] {
  const start = new Date(since).getTime();
  return Array.from({ length: days }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

/** Daily counts for a month or less; weekly sums (labelled by their first day) for longer periods. */
function toColumns(perDay: ReadonlyArray<{ day: string; count: number }>): { columns: Column[]; unit: 'day' | 'week' } {
  const full = (day: string) => DAY_FULL.format(new Date(`${day}T00:00:00Z`));
  if (perDay.length <= 31) return { columns: perDay.map((d) => ({ label: full(d.day), value: d.count, day: d.day })), unit: 'day' };
  const weeks: Column[] = [];
  for (let i = 0; i < perDay.length; i += 7) {
    const slice = perDay.slice(i, i + 7);
    weeks.push({ label: `Week of ${full(slice[0]!.day)}`, value: slice.reduce((n, d) => n + d.count, 0), day: slice[0]!.day });
  }
  return { columns: weeks, unit: 'week' };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

const shortDay = (c: Column) => (c.day ? DAY_LABEL.format(new Date(`${c.day}T00:00:00Z`)) : c.label);

export default function OverviewPage() {
  const [params, setParams] = useSearchParams();
  const days = daysParam(params.get('days'));
  useLiveOverview();
  const overview = useQuery(overviewQueryOptions(days));
  const views = useQuery(pageViewsQueryOptions(days));

  const period = (
    <NativeSelect
      label="Period"
      value={String(days)}
      onChange={(event) => setParams({ days: event.currentTarget.value }, { replace: true })}
      data={OVERVIEW_DAY_RANGES.map((d) => ({ value: String(d), label: `Last ${d} days` }))}
      w={170}
    />
  );

  return (
    <AdminSection
      title="Overview"
      intro="The network at a glance: members, the children they care for, sign-ups and what visitors read."
      actions={period}
    >
      {overview.isError && !overview.data ? <FormAlert message="The figures could not be loaded. Please try again later." /> : null}
      {overview.isPending ? <Loader aria-label="Loading the figures" /> : null}
      {overview.data ? <Totals overview={overview.data} /> : null}
      <BackgroundWorkPanel />
      <div className={classes.charts}>
        {overview.data ? <MembersByState overview={overview.data} /> : null}
        {overview.data ? <SignUps overview={overview.data} /> : null}
        {overview.data ? <NotificationMail overview={overview.data} /> : null}
        {overview.data ? <ChurchesJoining overview={overview.data} /> : null}
        {overview.data ? <NeedsFigures needs={overview.data.needs} /> : null}
        <CareFiguresPanel />
        {views.data ? <PageViews summary={views.data} /> : null}
        {views.isError && !views.data ? <FormAlert message="The page views could not be loaded. Please try again later." /> : null}
      </div>
    </AdminSection>
  );
}

function Totals({ overview }: { overview: AdminOverview }) {
  const { totals, mail } = overview;
  const figures: Array<{ term: string; value: number; note?: ReactNode }> = [
    { term: 'Total users', value: totals.users, note: `${formatNumber(totals.profiles)} with a saved profile` },
    { term: 'Total foster kids', value: totals.fosterKids, note: plural(totals.fosterParents, 'foster parent') },
    { term: 'Admins', value: totals.admins },
    {
      term: 'Failed mail',
      value: mail.ERROR,
      note:
        mail.ERROR > 0 ? (
          <Anchor component={Link} to="/admin/mail?state=ERROR" size="sm">
            Review failed mail
          </Anchor>
        ) : (
          `${formatNumber(mail.SUCCESS)} delivered`
        ),
    },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" className={classes.totals}>
      {figures.map((f) => (
        <div key={f.term} className={classes.total}>
          <dt>{f.term}</dt>
          <dd className={classes.totalValue}>{formatNumber(f.value)}</dd>
          {f.note ? <dd className={classes.totalNote}>{f.note}</dd> : null}
        </div>
      ))}
    </SimpleGrid>
  );
}

function MembersByState({ overview }: { overview: AdminOverview }) {
  const rows = overview.byState.map((s) => ({ label: s.name, values: [s.members, s.fosterChildren] }));
  const top = overview.byState
    .slice(0, 3)
    .map((s) => `${s.name} (${plural(s.members, 'member')}, ${plural(s.fosterChildren, 'foster child', 'foster children')})`);
  return (
    <BarChart
      title="Members and foster children per state"
      summary={`Members with a saved profile live in ${plural(overview.byState.length, 'state')}. Most members: ${top.join('; ')}.`}
      labelName="State"
      series={[
        { name: 'Members', color: BRAND.teal },
        { name: 'Foster children', color: SALMON_DARK },
      ]}
      rows={rows}
      empty={rows.length ? undefined : 'No member has saved a profile yet.'}
    />
  );
}

function SignUps({ overview }: { overview: AdminOverview }) {
  const { columns, unit } = toColumns(overview.signUps);
  const total = overview.signUps.reduce((n, d) => n + d.count, 0);
  const busiest = columns.reduce<Column | undefined>((best, c) => (c.value > (best?.value ?? 0) ? c : best), undefined);
  return (
    <ColumnChart
      title={`Sign-ups per ${unit}`}
      summary={`${plural(total, 'new account')} in the last ${overview.days} days.${busiest ? ` The busiest ${unit}: ${busiest.label}, with ${formatNumber(busiest.value)}.` : ''}`}
      valueName="Sign-ups"
      labelName={unit === 'day' ? 'Day' : 'Week'}
      columns={columns}
      color={BRAND.teal}
      axisLabel={shortDay}
    />
  );
}

const monthName = (month: string, style: 'short' | 'long') =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: style,
    year: style === 'long' ? 'numeric' : undefined,
    timeZone: 'UTC',
  });

/** Churches that joined the network (approved or added by an admin) per month, over the last twelve whatever the period. */
function ChurchesJoining({ overview }: { overview: AdminOverview }) {
  const columns: Column[] = overview.churchesJoining.map((m) => ({
    label: monthName(m.month, 'long'),
    value: m.count,
    day: `${m.month}-01`,
  }));
  const total = overview.churchesJoining.reduce((n, m) => n + m.count, 0);
  return (
    <ColumnChart
      title="Churches joining per month"
      summary={`${plural(total, 'church', 'churches')} joined the network in the last 12 months.`}
      valueName="Churches"
      labelName="Month"
      columns={columns}
      color={SALMON_DARK}
      axisLabel={(c) => monthName(c.day!.slice(0, 7), 'short')}
    />
  );
}

/** How the summary counts each form of notification mail ("4 on responses to their posts"). */
const FORM_COUNTS: Record<string, (n: number) => string> = {
  'notification: response': (n) => `${formatNumber(n)} on responses to their posts`,
  'notification: followed response': (n) => `${formatNumber(n)} on posts they follow`,
  'notification: digest': (n) => plural(n, 'digest'),
};
const formCount = (form: string, n: number) => FORM_COUNTS[form]?.(n) ?? `${formatNumber(n)} ${form.replace(/^notification: /, '')}`;

function NotificationMail({ overview }: { overview: AdminOverview }) {
  const { columns, unit } = toColumns(overview.notificationMail);
  const total = overview.notificationMail.reduce((n, d) => n + d.count, 0);
  const forms = overview.notificationMailByForm.map((f) => formCount(f.form, f.count));
  const failed = overview.notificationMailFailed;
  return (
    <div>
      <ColumnChart
        title={`Notification mail sent per ${unit}`}
        summary={`${plural(total, 'notification mail')} delivered in the last ${overview.days} days${forms.length ? ` (${forms.join(', ')})` : ''}.${failed ? ` ${plural(failed, 'more', 'more')} could not be delivered.` : ''}`}
        valueName="Mail sent"
        labelName={unit === 'day' ? 'Day' : 'Week'}
        columns={columns}
        color={BRAND.teal}
        axisLabel={shortDay}
      />
      {failed ? (
        <Anchor component={Link} to="/admin/mail?state=ERROR" size="sm">
          Review failed mail
        </Anchor>
      ) : null}
    </div>
  );
}

function PageViews({ summary }: { summary: PageViewSummary }) {
  const byDay = new Map(summary.byDay.map((d) => [d.day, d.views]));
  const { columns, unit } = toColumns(periodDays(summary.since, summary.days).map((day) => ({ day, count: byDay.get(day) ?? 0 })));
  const topPages = summary.byPath.slice(0, 10);
  return (
    <>
      <ColumnChart
        title={`Page views per ${unit}`}
        summary={`${plural(summary.views, 'page view')} by ${plural(summary.visitors, 'daily visitor')} in the last ${summary.days} days.`}
        valueName="Page views"
        labelName={unit === 'day' ? 'Day' : 'Week'}
        columns={columns}
        color={SALMON_DARK}
        axisLabel={shortDay}
      />
      <BarChart
        title="Most viewed pages"
        summary={topPages[0] ? `The most viewed page was ${topPages[0].path}, with ${plural(topPages[0].views, 'view')}.` : ''}
        labelName="Page"
        series={[{ name: 'Views', color: BRAND.teal }]}
        rows={topPages.map((p) => ({ label: p.path, values: [p.views] }))}
        empty={topPages.length ? undefined : 'No page views in this period.'}
      />
    </>
  );
}
