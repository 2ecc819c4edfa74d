import { Anchor, Loader, NativeSelect } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
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
import { NeedsFigures } from './needs-figures';
import { CareFiguresPanel } from './care-figures';
import classes from './admin.module.css';
import { SimpleGrid } from '../app/simple-grid';

// The second series' colour: the brand salmon darkened to 3.4:1 on white, so its bars stand out (WCAG 1.4.11).
const SALMON_DARK = '#c57a3c';
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_LABEL: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };
const DAY_FULL: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

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
function toColumns(i18n: I18n, perDay: ReadonlyArray<{ day: string; count: number }>): { columns: Column[]; unit: 'day' | 'week' } {
  const full = (day: string) => i18n.date(midnight(day), DAY_FULL);
  if (perDay.length <= 31) return { columns: perDay.map((d) => ({ label: full(d.day), value: d.count, day: d.day })), unit: 'day' };
  const weeks: Column[] = [];
  for (let i = 0; i < perDay.length; i += 7) {
    const slice = perDay.slice(i, i + 7);
    weeks.push({
      label: i18n._('Week of {day}', { day: full(slice[0]!.day) }),
      value: slice.reduce((n, d) => n + d.count, 0),
      day: slice[0]!.day,
    });
  }
  return { columns: weeks, unit: 'week' };
}

/** The axis's short day ("Mar 4") in the page's language. */
const shortDay = (i18n: I18n) => (c: Column) => (c.day ? i18n.date(midnight(c.day), DAY_LABEL) : c.label);

export default function OverviewPage() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const days = daysParam(params.get('days'));
  useLiveOverview();
  const overview = useQuery(overviewQueryOptions(days));
  const views = useQuery(pageViewsQueryOptions(days));

  const period = (
    <NativeSelect
      label={i18n._('Period')}
      value={String(days)}
      onChange={(event) => setParams({ days: event.currentTarget.value }, { replace: true })}
      data={OVERVIEW_DAY_RANGES.map((d) => ({ value: String(d), label: i18n._('Last {days} days', { days: d }) }))}
      w={170}
    />
  );

  return (
    <AdminSection
      title={i18n._('Overview')}
      intro={i18n._('The network at a glance: members, the children they care for, sign-ups and what visitors read.')}
      actions={period}
    >
      {overview.isError && !overview.data ? (
        <FormAlert message={i18n._('The figures could not be loaded. Please try again later.')} />
      ) : null}
      {overview.isPending ? <Loader aria-label={i18n._('Loading the figures')} /> : null}
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
        {views.isError && !views.data ? (
          <FormAlert message={i18n._('The page views could not be loaded. Please try again later.')} />
        ) : null}
      </div>
    </AdminSection>
  );
}

function Totals({ overview }: { overview: AdminOverview }) {
  const { i18n } = useLingui();
  const { totals, mail } = overview;
  const figures: Array<{ term: string; value: number; note?: ReactNode }> = [
    {
      term: i18n._('Total users'),
      value: totals.users,
      note: i18n._('{count} with a saved profile', { count: i18n.number(totals.profiles) }),
    },
    {
      term: i18n._('Total foster kids'),
      value: totals.fosterKids,
      note: i18n._('{count, plural, one {# foster parent} other {# foster parents}}', { count: totals.fosterParents }),
    },
    { term: i18n._('Admins'), value: totals.admins },
    {
      term: i18n._('Failed mail'),
      value: mail.ERROR,
      note:
        mail.ERROR > 0 ? (
          <Anchor component={Link} to="/admin/mail?state=ERROR" size="sm">
            {i18n._('Review failed mail')}
          </Anchor>
        ) : (
          i18n._('{count} delivered', { count: i18n.number(mail.SUCCESS) })
        ),
    },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" className={classes.totals}>
      {figures.map((f) => (
        <div key={f.term} className={classes.total}>
          <dt>{f.term}</dt>
          <dd className={classes.totalValue}>{i18n.number(f.value)}</dd>
          {f.note ? <dd className={classes.totalNote}>{f.note}</dd> : null}
        </div>
      ))}
    </SimpleGrid>
  );
}

function MembersByState({ overview }: { overview: AdminOverview }) {
  const { i18n } = useLingui();
  // The server names states in English, the catalog's ids (src/shared/states.ts): shown in the page's language.
  const rows = overview.byState.map((s) => ({ label: i18n._(s.name), values: [s.members, s.fosterChildren] }));
  const top = overview.byState.slice(0, 3).map((s) =>
    i18n._(
      '{name} ({members, plural, one {# member} other {# members}}, {children, plural, one {# foster child} other {# foster children}})',
      {
        name: i18n._(s.name),
        members: s.members,
        children: s.fosterChildren,
      },
    ),
  );
  return (
    <BarChart
      title={i18n._('Members and foster children per state')}
      summary={i18n._('Members with a saved profile live in {states, plural, one {# state} other {# states}}. Most members: {top}.', {
        states: overview.byState.length,
        top: top.join('; '),
      })}
      labelName={i18n._('State')}
      series={[
        { name: i18n._('Members'), color: BRAND.teal },
        { name: i18n._('Foster children'), color: SALMON_DARK },
      ]}
      rows={rows}
      empty={rows.length ? undefined : i18n._('No member has saved a profile yet.')}
    />
  );
}

function SignUps({ overview }: { overview: AdminOverview }) {
  const { i18n } = useLingui();
  const { columns, unit } = toColumns(i18n, overview.signUps);
  const total = overview.signUps.reduce((n, d) => n + d.count, 0);
  const busiest = columns.reduce<Column | undefined>((best, c) => (c.value > (best?.value ?? 0) ? c : best), undefined);
  const sentences = [
    i18n._('{total, plural, one {# new account} other {# new accounts}} in the last {days} days.', { total, days: overview.days }),
  ];
  if (busiest) {
    const values = { label: busiest.label, count: i18n.number(busiest.value) };
    sentences.push(
      unit === 'day'
        ? i18n._('The busiest day: {label}, with {count}.', values)
        : i18n._('The busiest week: {label}, with {count}.', values),
    );
  }
  return (
    <ColumnChart
      title={unit === 'day' ? i18n._('Sign-ups per day') : i18n._('Sign-ups per week')}
      summary={sentences.join(' ')}
      valueName={i18n._('Sign-ups')}
      labelName={unit === 'day' ? i18n._('Day') : i18n._('Week')}
      columns={columns}
      color={BRAND.teal}
      axisLabel={shortDay(i18n)}
    />
  );
}

const monthName = (i18n: I18n, month: string, style: 'short' | 'long') =>
  i18n.date(new Date(`${month}-01T00:00:00Z`), {
    month: style,
    year: style === 'long' ? 'numeric' : undefined,
    timeZone: 'UTC',
  });

/** Churches that joined the network (approved or added by an admin) per month, over the last twelve whatever the period. */
function ChurchesJoining({ overview }: { overview: AdminOverview }) {
  const { i18n } = useLingui();
  const columns: Column[] = overview.churchesJoining.map((m) => ({
    label: monthName(i18n, m.month, 'long'),
    value: m.count,
    day: `${m.month}-01`,
  }));
  const total = overview.churchesJoining.reduce((n, m) => n + m.count, 0);
  return (
    <ColumnChart
      title={i18n._('Churches joining per month')}
      summary={i18n._('{total, plural, one {# church} other {# churches}} joined the network in the last 12 months.', { total })}
      valueName={i18n._('Churches')}
      labelName={i18n._('Month')}
      columns={columns}
      color={SALMON_DARK}
      axisLabel={(c) => monthName(i18n, c.day!.slice(0, 7), 'short')}
    />
  );
}

/** How the summary counts each form of notification mail ("4 on responses to their posts"). */
const FORM_COUNTS: Record<string, (i18n: I18n, n: number) => string> = {
  'notification: response': (i18n, n) => i18n._('{count} on responses to their posts', { count: i18n.number(n) }),
  'notification: followed response': (i18n, n) => i18n._('{count} on posts they follow', { count: i18n.number(n) }),
  'notification: digest': (i18n, n) => i18n._('{count, plural, one {# digest} other {# digests}}', { count: n }),
};
// A form not named above is shown by its code, as the mail log names it.
const formCount = (i18n: I18n, form: string, n: number) =>
  FORM_COUNTS[form]?.(i18n, n) ?? `${i18n.number(n)} ${form.replace(/^notification: /, '')}`;

function NotificationMail({ overview }: { overview: AdminOverview }) {
  const { i18n } = useLingui();
  const { columns, unit } = toColumns(i18n, overview.notificationMail);
  const total = overview.notificationMail.reduce((n, d) => n + d.count, 0);
  const forms = overview.notificationMailByForm.map((f) => formCount(i18n, f.form, f.count));
  const failed = overview.notificationMailFailed;
  const sentences = [
    forms.length
      ? i18n._('{total, plural, one {# notification mail} other {# notification mails}} delivered in the last {days} days ({forms}).', {
          total,
          days: overview.days,
          forms: forms.join(', '),
        })
      : i18n._('{total, plural, one {# notification mail} other {# notification mails}} delivered in the last {days} days.', {
          total,
          days: overview.days,
        }),
  ];
  if (failed) sentences.push(i18n._('{failed, plural, one {# more} other {# more}} could not be delivered.', { failed }));
  return (
    <div>
      <ColumnChart
        title={unit === 'day' ? i18n._('Notification mail sent per day') : i18n._('Notification mail sent per week')}
        summary={sentences.join(' ')}
        valueName={i18n._('Mail sent')}
        labelName={unit === 'day' ? i18n._('Day') : i18n._('Week')}
        columns={columns}
        color={BRAND.teal}
        axisLabel={shortDay(i18n)}
      />
      {failed ? (
        <Anchor component={Link} to="/admin/mail?state=ERROR" size="sm">
          {i18n._('Review failed mail')}
        </Anchor>
      ) : null}
    </div>
  );
}

function PageViews({ summary }: { summary: PageViewSummary }) {
  const { i18n } = useLingui();
  const byDay = new Map(summary.byDay.map((d) => [d.day, d.views]));
  const { columns, unit } = toColumns(
    i18n,
    periodDays(summary.since, summary.days).map((day) => ({ day, count: byDay.get(day) ?? 0 })),
  );
  const topPages = summary.byPath.slice(0, 10);
  return (
    <>
      <ColumnChart
        title={unit === 'day' ? i18n._('Page views per day') : i18n._('Page views per week')}
        summary={i18n._(
          '{views, plural, one {# page view} other {# page views}} by {visitors, plural, one {# daily visitor} other {# daily visitors}} in the last {days} days.',
          { views: summary.views, visitors: summary.visitors, days: summary.days },
        )}
        valueName={i18n._('Page views')}
        labelName={unit === 'day' ? i18n._('Day') : i18n._('Week')}
        columns={columns}
        color={SALMON_DARK}
        axisLabel={shortDay(i18n)}
      />
      <BarChart
        title={i18n._('Most viewed pages')}
        summary={
          topPages[0]
            ? i18n._('The most viewed page was {path}, with {views, plural, one {# view} other {# views}}.', {
                path: topPages[0].path,
                views: topPages[0].views,
              })
            : ''
        }
        labelName={i18n._('Page')}
        series={[{ name: i18n._('Views'), color: BRAND.teal }]}
        rows={topPages.map((p) => ({ label: p.path, values: [p.views] }))}
        empty={topPages.length ? undefined : i18n._('No page views in this period.')}
      />
    </>
  );
}
