import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import { useLingui } from '@lingui/react';
import { Button, Checkbox, Group, NativeSelect, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  CARE_DURATION_MAX,
  CARE_DURATION_MIN,
  CARE_HELPERS_NEEDED_MAX,
  CARE_PRIVACY_RULE,
  CARE_REPEATS,
  CARE_TASK_KINDS,
  type CareRepeat,
  type CareTaskKind,
} from '../../shared/care';
import { CARE_DEFAULT_TIMES, careTaskEditSchema, type CareTaskSeries } from '../../shared/care-calendar';
import { FormAlert } from '../app/form-alert';
import { useSchemaForm } from '../lib/use-schema-form';
import { useCreateCareTask, useEditCareTask } from './care-calendar-api';
import { SimpleGrid } from '../app/simple-grid';

// The calendar's task form (issue 27): what kind of help, when, for how long, where (the family's home or a town),
// how many helpers, and whether it repeats (every week, every other week, once a month on the same weekday) until
// a last date. The family and the leader add and edit with it; the server checks everything again.

type Values = {
  kind: CareTaskKind;
  title: string;
  notes: string;
  date: string;
  time: string;
  durationMinutes: number | string;
  atHome: boolean;
  town: string;
  helpersNeeded: number | string;
  repeat: CareRepeat;
  until: string;
};

const blankToUndefined = (s: string) => (s.trim() === '' ? undefined : s);
const numberOf = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v));
/** What the schema reads: numbers as numbers, blank text left out. */
const toInput = (v: Values) => ({
  kind: v.kind,
  title: blankToUndefined(v.title),
  notes: blankToUndefined(v.notes),
  date: v.date,
  time: v.time,
  durationMinutes: numberOf(v.durationMinutes),
  atHome: v.atHome,
  town: v.atHome ? undefined : blankToUndefined(v.town),
  helpersNeeded: numberOf(v.helpersNeeded),
  repeat: v.repeat,
  until: v.repeat === 'once' ? null : (blankToUndefined(v.until) ?? null),
});

function valuesOf(series: CareTaskSeries | null, today: string): Values {
  if (!series)
    return {
      kind: 'meal',
      title: '',
      notes: '',
      date: today,
      time: CARE_DEFAULT_TIMES.meal,
      durationMinutes: 60,
      atHome: true,
      town: '',
      helpersNeeded: 1,
      repeat: 'once',
      until: '',
    };
  return {
    kind: series.kind,
    title: series.title,
    notes: series.notes ?? '',
    date: series.date,
    time: series.time,
    durationMinutes: series.durationMinutes,
    atHome: series.atHome,
    town: series.town ?? '',
    helpersNeeded: series.helpersNeeded,
    repeat: series.repeat,
    until: series.until ?? '',
  };
}

/** Adds a task (no `series`) or edits one; `onDone` closes the form. */
export function TaskForm({
  teamId,
  today,
  series,
  onDone,
}: {
  teamId: number;
  today: string;
  series: CareTaskSeries | null;
  onDone: (message: string) => void;
}) {
  const f = useSchemaForm({ schema: careTaskEditSchema, initialValues: valuesOf(series, today), toInput });
  const { i18n } = useLingui();
  const callbacks = {
    onSuccess: () => onDone(series ? i18n._('Saved. Those signed up are told.') : i18n._('Added to the calendar. Your team is told.')),
    onError: (e: Error) => f.failWith(e, series ? i18n._('The task could not be saved.') : i18n._('The task could not be added.')),
  };
  const create = useCreateCareTask(teamId, callbacks);
  const edit = useEditCareTask(teamId, series?.id ?? 0, callbacks);
  const v = f.form.values;
  return (
    <form
      {...f.formProps((data) => (series ? edit.mutate(data) : create.mutate(data)))}
      aria-label={series ? i18n._('Edit the task') : i18n._('Add to the calendar')}
    >
      <Stack gap="sm">
        <Text size="sm">{i18n._(CARE_PRIVACY_RULE)}</Text>
        <FormAlert message={f.formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={i18n._('What kind of help')}
            data={CARE_TASK_KINDS.map((k) => ({ value: k.code, label: i18n._(k.label) }))}
            {...f.field('kind')}
            onChange={(e) => {
              const kind = e.currentTarget.value as CareTaskKind;
              f.form.setFieldValue('kind', kind);
              // A new task's time follows the kind until the family picks one.
              if (!series && v.time === CARE_DEFAULT_TIMES[v.kind]) f.form.setFieldValue('time', CARE_DEFAULT_TIMES[kind]);
            }}
          />
          <TextInput label={i18n._('Title')} description={i18n._("Leave blank for the kind's name")} {...f.field('title')} />
          <TextInput type="date" label={i18n._('Date')} min={series ? undefined : today} required {...f.field('date')} />
          <TextInput type="time" label={i18n._('Time')} required {...f.field('time')} />
          <NumberInput
            label={i18n._('Length in minutes')}
            min={CARE_DURATION_MIN}
            max={CARE_DURATION_MAX}
            step={15}
            {...f.field('durationMinutes')}
          />
          <NumberInput label={i18n._('Helpers needed')} min={1} max={CARE_HELPERS_NEEDED_MAX} {...f.field('helpersNeeded')} />
          <NativeSelect
            label={i18n._('Repeats')}
            data={CARE_REPEATS.map((r) => ({ value: r.code, label: i18n._(r.label) }))}
            {...f.field('repeat')}
          />
          {v.repeat !== 'once' ? (
            <TextInput
              type="date"
              label={i18n._('Last date')}
              description={i18n._('Leave blank to go on until you stop it')}
              {...f.field('until')}
            />
          ) : null}
        </SimpleGrid>
        <Checkbox label={i18n._('At the family’s home')} {...f.field('atHome', { type: 'checkbox' })} />
        {v.atHome ? null : <TextInput label={i18n._('Town')} required {...f.field('town')} />}
        <Textarea
          label={i18n._('Notes')}
          description={i18n._('Seen by the whole team: no address, phone or email')}
          autosize
          minRows={2}
          {...f.field('notes')}
        />
        <Group gap="sm">
          <Button type="submit" loading={create.isPending || edit.isPending}>
            {series ? i18n._('Save changes') : i18n._('Add to the calendar')}
          </Button>
          <Button variant="default" onClick={() => onDone('')}>
            {i18n._('Cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
