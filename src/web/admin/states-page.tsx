import '@mantine/core/styles/Modal.layer.css';

import { Anchor, Button, Group, Loader, Modal, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminStateRow } from '../../shared/admin';
import { stateStatUpdateSchema } from '../../shared/state-stat';
import { COUNT_SOURCE_MAX, countCitation, factSheetUrl, NATIONAL_CODE, SOURCE_URL_MAX } from '../../shared/states';
import { FormActions } from '../app/form-actions';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { adminStatesQueryOptions, useUpdateState } from './admin-api';
import { AdminSection } from './admin-section';
import { TableScroll } from './table-scroll';
import { DATE_TIME } from './formats';
import classes from './admin.module.css';

/** A failure that is not about one field (those show beside the field). */
function formErrorOf(i18n: I18n, error: Error): string | undefined {
  if (!isApiRequestError(error)) return i18n._('The change could not be saved. Please try again.');
  return error.fieldErrors ? undefined : error.message;
}

type StateFields = { count: string; sourceUrl: string; countSource: string; countYear: string };

/** A whole number as typed ("12,345") becomes a number, or null when empty; anything else fails the check. */
const wholeNumberOf = (typed: string) => {
  const text = typed.replace(/[,\s]/g, '');
  return text === '' ? null : /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
};
const textOrNull = (typed: string) => (typed.trim() === '' ? null : typed.trim());

/** The count and the year as typed become numbers, or null when empty; an empty link or source becomes null. */
function toStateInput(values: StateFields) {
  return {
    count: wholeNumberOf(values.count),
    sourceUrl: textOrNull(values.sourceUrl),
    countSource: textOrNull(values.countSource),
    countYear: wholeNumberOf(values.countYear),
  };
}

/** State data: each state's (and DC's, and the nation's) count of children in foster care and its source. */
export default function StatesPage() {
  const { i18n } = useLingui();
  const count = (n: number | null) => (n === null ? i18n._('not available') : i18n.number(n));
  const states = useQuery(adminStatesQueryOptions);
  const [editing, setEditing] = useState<AdminStateRow | null>(null);
  const [saved, setSaved] = useState<string>();

  return (
    <AdminSection
      title={i18n._('State data')}
      intro={i18n._(
        'The counts the landing map and the fact sheets show, and where each comes from. A change shows on the map within a minute.',
      )}
    >
      <FormSuccess message={saved} />
      {states.isError && !states.data ? (
        <FormAlert message={i18n._('The state figures could not be loaded. Please try again later.')} />
      ) : null}
      {states.isPending ? <Loader aria-label={i18n._('Loading the state figures')} /> : null}
      {states.data ? (
        <TableScroll label={i18n._('State figures')}>
          <table className={`${classes.table} ${classes.middle} ${classes.stickyFirst}`}>
            <caption>
              <VisuallyHidden>{i18n._('Children in foster care per state')}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('State')}</th>
                <th scope="col" className={classes.number}>
                  {i18n._('Children in foster care')}
                </th>
                <th scope="col" className={classes.number}>
                  {i18n._('Network target (5%)')}
                </th>
                <th scope="col">{i18n._('Source')}</th>
                <th scope="col">{i18n._('Last edited')}</th>
              </tr>
            </thead>
            <tbody>
              {states.data.states
                .map(({ name: english, ...rest }) => ({ ...rest, name: i18n._(english) }))
                .map((s) => (
                  <tr key={s.code} data-state={s.code}>
                    <th scope="row" className={classes.nowrap}>
                      <Group gap="xs" justify="space-between" wrap="nowrap">
                        <span>{s.code === NATIONAL_CODE ? i18n._('{name} (national)', { name: s.name }) : s.name}</span>
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => {
                            setSaved(undefined);
                            setEditing(s);
                          }}
                        >
                          {i18n._('Edit')}
                          <VisuallyHidden> {s.name}</VisuallyHidden>
                        </Button>
                      </Group>
                    </th>
                    <td className={classes.number}>{count(s.count)}</td>
                    <td className={classes.number}>{count(s.target)}</td>
                    <td className={classes.wrap}>
                      {countCitation(s) ?? i18n._('No source or year given')}
                      <br />
                      {s.sourceUrl ? (
                        <Anchor href={s.sourceUrl} target="_blank" rel="noopener noreferrer" size="sm">
                          {new URL(s.sourceUrl).hostname}
                          <VisuallyHidden> {i18n._('source for {name} (opens in a new tab)', { name: s.name })}</VisuallyHidden>
                        </Anchor>
                      ) : (
                        '—'
                      )}{' '}
                      ·{' '}
                      <Anchor href={factSheetUrl(s.code)} target="_blank" size="sm">
                        {i18n._('fact sheet')}
                        <VisuallyHidden> {i18n._('for {name} (PDF, opens in a new tab)', { name: s.name })}</VisuallyHidden>
                      </Anchor>
                    </td>
                    <td className={classes.nowrap}>
                      {s.isEdited ? (
                        <>
                          {i18n.date(s.updatedAt, DATE_TIME)}
                          <br />
                          <Text span size="xs" c="dimmed">
                            {s.updatedByEmail ?? i18n._('a former admin')}
                          </Text>
                        </>
                      ) : (
                        <Text span size="sm" c="dimmed">
                          {i18n._('As loaded')}
                        </Text>
                      )}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {editing ? (
        <EditState
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setSaved(i18n._('{name} saved. The map and its fact sheet use the new figures.', { name }));
          }}
        />
      ) : null}
    </AdminSection>
  );
}

function EditState({ row, onClose, onSaved }: { row: AdminStateRow; onClose: () => void; onSaved: (name: string) => void }) {
  const { i18n } = useLingui();
  const f = useSchemaForm({
    schema: stateStatUpdateSchema,
    initialValues: {
      count: row.count === null ? '' : String(row.count),
      sourceUrl: row.sourceUrl ?? '',
      countSource: row.countSource ?? '',
      countYear: row.countYear === null ? '' : String(row.countYear),
    },
    toInput: toStateInput,
  });
  const mutation = useUpdateState(row.code, {
    onRefreshed: () => onSaved(row.name),
    onError: (error) => f.failWith(error, formErrorOf(i18n, error)),
  });

  return (
    <Modal.Root opened onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={800}>{i18n._('Edit {name}', { name: row.name })}</Modal.Title>
          <Modal.CloseButton aria-label={i18n._('Close')} />
        </Modal.Header>
        <Modal.Body>
          <form {...f.formProps((data) => mutation.mutate(data))}>
            <Stack>
              <FormAlert message={f.formError} />
              <TextInput
                label={i18n._('Children in foster care')}
                description={i18n._('A whole number. Leave it empty when no count is published (shown as “not available”).')}
                inputMode="numeric"
                {...f.field('count')}
                data-autofocus
              />
              <TextInput
                label={i18n._('Source link')}
                description={i18n._('The fact sheet or page the count comes from (http or https).')}
                type="url"
                maxLength={SOURCE_URL_MAX}
                {...f.field('sourceUrl')}
              />
              <TextInput
                label={i18n._('Counted by')}
                description={i18n._('Who counted, as the map and the fact sheet print it beside the figure: “AFCARS”.')}
                maxLength={COUNT_SOURCE_MAX}
                {...f.field('countSource')}
              />
              <TextInput
                label={i18n._('Fiscal year of the count')}
                description={i18n._('The year the count is for, shown as “FY2021”. Leave it empty when the source gives none.')}
                inputMode="numeric"
                maxLength={4}
                {...f.field('countYear')}
              />
              <FormActions submitLabel={i18n._('Save')} isPending={mutation.isPending} onCancel={onClose} isCancelLockedWhilePending />
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
