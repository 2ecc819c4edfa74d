import { Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useId, useState, type ReactNode } from 'react';
import {
  CLEARANCE_ONLY_DATES,
  CLEARANCE_RECORD_STATUSES,
  CLEARANCE_STATE_LABELS,
  clearanceRecordInputSchema,
  type ClearanceStateView,
  type ClearanceStatus,
  type MemberClearances,
} from '../../shared/clearances';
import { FormAlert } from '../app/form-alert';
import { useSchemaForm } from '../lib/use-schema-form';
import { useRecordClearance, useRemoveClearance } from './clearances-api';
import classes from './clearances.module.css';

// What the admin's section and a church's point persons share (issue 27): a member's clearances as a card, and
// the record form (a status and dates: nothing else can be entered, and the form says so).

/** Filled, in shades dark enough for white small text (axe's contrast rule). */
const BADGE_COLORS: Record<ClearanceStatus, string> = {
  missing: 'gray.7',
  pending: 'blue.9',
  cleared: 'teal.9',
  not_cleared: 'red.9',
  expired: 'grape.9',
};

/** "March 1, 2026" ("1 de marzo de 2026"): a calendar date as written, whatever the reader's time zone. */
export function formatLocalDate(i18n: I18n, date: string): string {
  return i18n.date(new Date(`${date}T00:00:00Z`), { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

export function ClearanceBadge({ status }: { status: ClearanceStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge variant="filled" color={BADGE_COLORS[status]}>
      {i18n._(CLEARANCE_STATE_LABELS[status])}
    </Badge>
  );
}

/** The dates of a state, in words: "completed March 1, 2026 · expires March 1, 2029". */
export function datesOf(i18n: I18n, s: Pick<ClearanceStateView, 'completedOn' | 'expiresOn' | 'status'>): string {
  const parts: string[] = [];
  if (s.completedOn) parts.push(i18n._('completed {date}', { date: formatLocalDate(i18n, s.completedOn) }));
  if (s.expiresOn)
    parts.push(
      s.status === 'expired'
        ? i18n._('expired {date}', { date: formatLocalDate(i18n, s.expiresOn) })
        : i18n._('expires {date}', { date: formatLocalDate(i18n, s.expiresOn) }),
    );
  return parts.join(' · ');
}

/** Members and their states, one card each, with "Record" for whoever may keep their records. */
export function MemberClearanceList({ members, empty }: { members: MemberClearances[]; empty: string }) {
  if (members.length === 0) return empty ? <Text role="status">{empty}</Text> : null;
  return (
    <ClearanceList>
      {members.map((m) => (
        <MemberCard key={m.uid} member={m} />
      ))}
    </ClearanceList>
  );
}

/** A list of cards (members, requirements), one column at every width. */
export const ClearanceList = ({ children }: { children: ReactNode }) => <ul className={classes.list}>{children}</ul>;
export const ClearanceCard = ({ children }: { children: ReactNode }) => <li className={classes.card}>{children}</li>;

function MemberCard({ member }: { member: MemberClearances }) {
  const [isOpen, setOpen] = useState(false);
  const formId = useId();
  const { i18n } = useLingui();
  return (
    <ClearanceCard>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text fw={700}>{member.name}</Text>
          {member.church ? (
            <Text size="sm" c="dimmed">
              {member.church.name}
            </Text>
          ) : null}
        </div>
        <Button
          size="xs"
          variant="outline"
          onClick={() => setOpen(!isOpen)}
          aria-expanded={isOpen}
          aria-controls={formId}
          aria-label={
            isOpen
              ? i18n._('Close the record form for {name}', { name: member.name })
              : i18n._('Record a clearance for {name}', { name: member.name })
          }
        >
          {isOpen ? i18n._('Close') : i18n._('Record')}
        </Button>
      </Group>
      <ul className={classes.states}>
        {member.clearances.map((s) => (
          <li key={s.requirementId}>
            <Text span size="sm">
              {s.name}:{' '}
            </Text>
            <ClearanceBadge status={s.status} />
            {datesOf(i18n, s) ? (
              <Text span size="xs" c="dimmed">
                {' '}
                {datesOf(i18n, s)}
              </Text>
            ) : null}
          </li>
        ))}
      </ul>
      <div id={formId}>{isOpen ? <RecordForm member={member} onDone={() => setOpen(false)} /> : null}</div>
    </ClearanceCard>
  );
}

type RecordValues = { requirementId: string; status: string; completedOn: string; expiresOn: string };
const toInput = (v: RecordValues) => ({ status: v.status, completedOn: v.completedOn || null, expiresOn: v.expiresOn || null });
/** Today in the reader's own calendar (en-CA writes dates as YYYY-MM-DD). */
const today = () => new Date().toLocaleDateString('en-CA');

/** A record of one requirement: status, completed on, expires on (blank: the requirement's months). */
function RecordForm({ member, onDone }: { member: MemberClearances; onDone: () => void }) {
  const first = member.clearances[0];
  const stateOf = (id: string) => member.clearances.find((s) => String(s.requirementId) === id);
  const valuesOf = (s: ClearanceStateView | undefined): RecordValues => ({
    requirementId: s ? String(s.requirementId) : '',
    status: s && s.status !== 'missing' && s.status !== 'expired' ? s.status : 'cleared',
    completedOn: s?.completedOn ?? today(),
    expiresOn: s?.status === 'cleared' || s?.status === 'expired' ? (s.expiresOn ?? '') : '',
  });
  const f = useSchemaForm({ schema: clearanceRecordInputSchema, initialValues: valuesOf(first), toInput });
  const { i18n } = useLingui();
  const record = useRecordClearance({ onSuccess: onDone, onError: (error) => f.failWith(error, error.message) });
  const remove = useRemoveClearance({ onSuccess: onDone, onError: (error) => f.setFormError(error.message) });
  const chosen = stateOf(f.form.values.requirementId);
  if (!first) return <Text>{i18n._('There is no clearance requirement to record.')}</Text>;
  return (
    <form
      {...f.formProps((input, values) => record.mutate({ uid: member.uid, requirementId: Number(values.requirementId), input }))}
      aria-label={i18n._('Clearance record for {name}', { name: member.name })}
    >
      <Stack gap="sm" mt="sm">
        <Text size="sm" fw={600}>
          {i18n._(CLEARANCE_ONLY_DATES)}
        </Text>
        <FormAlert message={f.formError} />
        <NativeSelect
          label={i18n._('Requirement')}
          {...f.field('requirementId')}
          onChange={(e) => f.reset(valuesOf(stateOf(e.currentTarget.value)))}
          data={member.clearances.map((s) => ({ value: String(s.requirementId), label: s.name }))}
        />
        <NativeSelect
          label={i18n._('Status')}
          {...f.field('status')}
          data={CLEARANCE_RECORD_STATUSES.map((s) => ({ value: s, label: i18n._(CLEARANCE_STATE_LABELS[s]) }))}
        />
        <TextInput type="date" label={i18n._('Completed on')} {...f.field('completedOn')} max={today()} />
        <TextInput
          type="date"
          label={i18n._('Expires on')}
          description={
            chosen
              ? i18n._(
                  '{months, plural, one {Leave blank for # month after the completion date.} other {Leave blank for # months after the completion date.}}',
                  {
                    months: chosen.validMonths,
                  },
                )
              : undefined
          }
          {...f.field('expiresOn')}
        />
        <Group gap="xs">
          <Button type="submit" loading={record.isPending}>
            {i18n._('Save the record')}
          </Button>
          {chosen && chosen.status !== 'missing' ? (
            <Button
              variant="outline"
              color="red.9"
              loading={remove.isPending}
              onClick={() => remove.mutate({ uid: member.uid, requirementId: chosen.requirementId })}
            >
              {i18n._('Remove this record')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
