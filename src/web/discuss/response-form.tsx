import { useLingui } from '@lingui/react';
import { Textarea } from '@mantine/core';
import { RESPONSE_BODY_MAX, responseInputSchema } from '../../shared/forum';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { useSchemaForm } from '../lib/use-schema-form';
import { useCreateResponse } from './forum-api';
import { writeErrorOf } from './write-errors';

export function ResponseForm({ postId }: { postId: number }) {
  const { i18n } = useLingui();
  const f = useSchemaForm({ schema: responseInputSchema, initialValues: { body: '' } });

  const mutation = useCreateResponse(postId, {
    onSuccess: () => f.reset(),
    onError: (error) => {
      const { message, fieldErrors } = writeErrorOf(i18n, error, i18n._('Your response could not be published. Please try again.'));
      f.showErrors(fieldErrors, fieldErrors.body ? undefined : message);
    },
  });

  return (
    <form {...f.formProps((_data, { body }) => mutation.mutate({ body }))} aria-label={i18n._('Respond to this post')}>
      <FormAlert message={f.formError} />
      <Textarea label={i18n._('Your response')} {...f.field('body')} maxLength={RESPONSE_BODY_MAX} autosize minRows={3} maxRows={14} />
      <FormActions submitLabel={i18n._('Respond')} isPending={mutation.isPending} mt="sm" />
    </form>
  );
}
