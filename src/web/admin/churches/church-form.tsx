import { Stack } from '@mantine/core';
import { churchFieldsSchema, type ChurchFieldsInput } from '../../../shared/churches';
import type { AdminChurch } from '../../../shared/churches-admin';
import { FormActions } from '../../app/form-actions';
import { FormAlert } from '../../app/form-alert';
import { isApiRequestError } from '../../lib/api';
import { useSchemaForm } from '../../lib/use-schema-form';
import { ChurchFieldInputs, churchFieldsInput, churchFieldValues, type ChurchFieldValues } from '../../churches';

/** An admin church as the form's values. */
export const valuesOf = (c?: AdminChurch): ChurchFieldValues => churchFieldValues(c);

type ChurchFormProps = {
  church?: AdminChurch;
  submitLabel: string;
  isPending: boolean;
  /** Sends the fields; `fail` shows a refusal: beside the fields it names, or above the buttons. */
  onSubmit: (fields: ChurchFieldsInput, fail: (error: Error) => void) => void;
  onCancel: () => void;
};

/** A church's fields as an admin edits them (adding one, editing one, completing a proposal before approving it). */
export function ChurchForm({ church, submitLabel, isPending, onSubmit, onCancel }: ChurchFormProps) {
  const f = useSchemaForm({ schema: churchFieldsSchema, initialValues: valuesOf(church), toInput: churchFieldsInput });
  // Approving sends the fields under `fields`, so the server names them `fields.zip`: shown beside `zip` all the same.
  const fail = (error: Error) => {
    const named = isApiRequestError(error) ? error.fieldErrors : undefined;
    if (!named) return f.failWith(error, error.message);
    f.showErrors(Object.fromEntries(Object.entries(named).map(([key, text]) => [key.replace(/^fields\./, ''), text])));
  };
  return (
    <form {...f.formProps((_data, values) => onSubmit(churchFieldsInput(values), fail))} aria-label={submitLabel}>
      <Stack gap="sm">
        <ChurchFieldInputs f={f} focusFirst />
        <FormAlert message={f.formError} />
        <FormActions submitLabel={submitLabel} isPending={isPending} onCancel={onCancel} isCancelLockedWhilePending />
      </Stack>
    </form>
  );
}
