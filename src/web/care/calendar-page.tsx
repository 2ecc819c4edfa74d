import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CARE_TEAM_NOT_FOUND, careTaskKindLabel, careTeamTopic, timeZoneLabel } from '../../shared/care';
import {
  careDateLabel,
  careTimeLabel,
  careRepeatLabel,
  type CareCalendar,
  type CareOccurrence,
  type CareTaskSeries,
} from '../../shared/care-calendar';
import { isApiRequestError } from '../lib/api';
import { useLive } from '../live';
import { careCalendarOptions, useCancelCareTask } from './care-calendar-api';
import { OccurrenceCard } from './occurrence-card';
import { TaskForm } from './task-form';
import { TeamFrame } from './team-frame';
import { WeNeed } from './we-need';
import classes from './care.module.css';

// /care/:id/calendar (issue 27, product.md §14): the weeks ahead as an agenda grouped by day, in the family's time
// zone, each date with who is coming; helpers sign up and withdraw; the family and the leader ask ("We need…"),
// add, edit and cancel. Live: every change on the team's topic refetches it without a reload.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export default function CalendarPage() {
  const { id = '' } = useParams();
  const teamId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const [params, setParams] = useSearchParams();
  const from = DATE.test(params.get('from') ?? '') ? params.get('from') : null;
  useLive(teamId > 0 ? [careTeamTopic(teamId)] : []);
  const query = useQuery({ ...careCalendarOptions(teamId, from), enabled: teamId > 0 });
  const { i18n } = useLingui();
  const error =
    teamId === 0 || (isApiRequestError(query.error) && query.error.status === 404)
      ? { status: 404, message: i18n._(CARE_TEAM_NOT_FOUND) }
      : query.error
        ? { message: i18n._('The calendar could not be loaded. Please try again.') }
        : null;
  const go = (date: string | null) => setParams(date ? { from: date } : {});
  return (
    <TeamFrame head={query.data?.team} error={error} section={i18n._('Calendar')}>
      {query.data ? <CalendarView calendar={query.data} go={go} /> : null}
    </TeamFrame>
  );
}

function CalendarView({ calendar, go }: { calendar: CareCalendar; go: (date: string | null) => void }) {
  const { team } = calendar;
  const { i18n } = useLingui();
  const locale = i18n.locale === 'es' ? 'es' : 'en';
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState('');
  const days = groupByDay(calendar.occurrences);
  const closeForm = (message: string) => {
    setAdding(false);
    setNotice(message);
  };
  return (
    <Stack gap="lg">
      {team.mayManage && team.status === 'active' ? <WeNeed teamId={team.id} today={calendar.today} /> : null}
      {team.mayManage && team.status === 'active' ? (
        adding ? (
          <Paper withBorder p="md">
            <Title order={2} size="h3" mb="sm">
              {i18n._('Add to the calendar')}
            </Title>
            <TaskForm teamId={team.id} today={calendar.today} series={null} onDone={closeForm} />
          </Paper>
        ) : (
          <Group>
            <Button variant="light" onClick={() => setAdding(true)}>
              {i18n._('Add to the calendar')}
            </Button>
          </Group>
        )
      ) : null}
      {notice ? (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      ) : null}
      {team.status === 'ended' ? <Text>{i18n._('This team has ended; its calendar has stopped.')}</Text> : null}
      <section aria-labelledby="care-agenda">
        <Group justify="space-between" align="center" mb="sm" wrap="wrap">
          <Title order={2} size="h3" id="care-agenda">
            {i18n._('{from} to {to}', { from: careDateLabel(calendar.from, locale), to: careDateLabel(calendar.to, locale) })}
          </Title>
          <Group gap="xs" component="nav" aria-label={i18n._('Weeks')}>
            <Button
              size="xs"
              variant="default"
              onClick={() => go(calendar.earlier)}
              disabled={calendar.earlier < addYearAgo(calendar.today)}
            >
              {i18n._('Earlier')}
            </Button>
            <Button size="xs" variant="default" onClick={() => go(null)}>
              {i18n._('Today')}
            </Button>
            <Button size="xs" variant="default" onClick={() => go(calendar.later)}>
              {i18n._('Later')}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          {i18n._('Times are the family’s: {zone} time.', { zone: i18n._(timeZoneLabel(team.timeZone)) })}
        </Text>
        {days.length === 0 ? (
          <Text>{i18n._('Nothing on the calendar in these weeks.')}</Text>
        ) : (
          <Stack gap="md">
            {days.map(([day, items]) => (
              <div key={day}>
                <Title order={3} size="h4" mb={6}>
                  {day === calendar.today ? i18n._('{day} (today)', { day: careDateLabel(day, locale) }) : careDateLabel(day, locale)}
                </Title>
                <ul className={classes.agenda}>
                  {items.map((o) => (
                    <OccurrenceCard key={`${o.taskId}:${o.occursOn}`} teamId={team.id} occurrence={o} mayManage={team.mayManage} />
                  ))}
                </ul>
              </div>
            ))}
          </Stack>
        )}
      </section>
      {team.mayManage && calendar.tasks.length > 0 ? <SeriesList calendar={calendar} onNotice={setNotice} /> : null}
    </Stack>
  );
}

/** The first local date the page may go back to: a year before today, as plain text compares. */
function addYearAgo(today: string): string {
  return `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
}

function groupByDay(occurrences: CareOccurrence[]): [string, CareOccurrence[]][] {
  const byDay = new Map<string, CareOccurrence[]>();
  for (const o of occurrences) byDay.set(o.occursOn, [...(byDay.get(o.occursOn) ?? []), o]);
  return [...byDay.entries()];
}

/** The family's and the leader's list of tasks, to edit a series or cancel it whole. */
function SeriesList({ calendar, onNotice }: { calendar: CareCalendar; onNotice: (message: string) => void }) {
  const [editing, setEditing] = useState<number | null>(null);
  const { i18n } = useLingui();
  const locale = i18n.locale === 'es' ? 'es' : 'en';
  const cancel = useCancelCareTask(calendar.team.id, { onSuccess: () => onNotice(i18n._('Cancelled. Those signed up are told.')) });
  return (
    <section aria-labelledby="care-series">
      <Title order={2} size="h3" id="care-series" mb="sm">
        {i18n._('Tasks you have asked for')}
      </Title>
      <ul className={classes.agenda}>
        {calendar.tasks.map((s: CareTaskSeries) => (
          <Paper withBorder p="sm" component="li" key={s.id} className={classes.occurrence}>
            {editing === s.id ? (
              <TaskForm
                teamId={calendar.team.id}
                today={calendar.today}
                series={s}
                onDone={(message) => {
                  setEditing(null);
                  onNotice(message);
                }}
              />
            ) : (
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={700}>
                    {s.title} ({i18n._(careTaskKindLabel(s.kind))})
                  </Text>
                  <Text size="sm">
                    {s.repeat === 'once'
                      ? i18n._('{date} at {time}', { date: careDateLabel(s.date, locale), time: careTimeLabel(s.time, locale) })
                      : i18n._('{repeat}, from {date} at {time}', {
                          repeat: careRepeatLabel(i18n, { repeat: s.repeat, startDate: s.date, until: s.until }),
                          date: careDateLabel(s.date, locale),
                          time: careTimeLabel(s.time, locale),
                        })}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(s.id)}
                    aria-label={i18n._('Edit {title}', { title: s.title })}
                  >
                    {i18n._('Edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    loading={cancel.isPending}
                    onClick={() => cancel.mutate(s.id)}
                    aria-label={i18n._('Cancel {title}', { title: s.title })}
                  >
                    {i18n._('Cancel task')}
                  </Button>
                </Group>
              </Group>
            )}
          </Paper>
        ))}
      </ul>
    </section>
  );
}
