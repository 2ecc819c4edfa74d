import { Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RESPONSE_BODY_MAX, responseInputSchema } from '../../shared/forum';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { useSchemaForm } from '../lib/use-schema-form';
import { createResponse } from './forum-api';
import { writeErrorOf } from './write-errors';

export function ResponseForm({ postId }: { postId: number }) {
  const queryClient = useQueryClient();
  const f = useSchemaForm({ schema: responseInputSchema, initialValues: { body: '' } });

  const mutation = useMutation({
    mutationFn: (text: string) => createResponse(postId, { body: text }),
    onSuccess: async () => {
      f.reset();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['post', String(postId)] }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
      ]);
    },
    onError: (error) => {
      const { message, fieldErrors } = writeErrorOf(error, 'Your response could not be published. Please try again.');
      f.showErrors(fieldErrors, fieldErrors.body ? undefined : message);
    },
  });

  return (
    <form {...f.formProps((_data, { body }) => mutation.mutate(body))} aria-label="Respond to this post">
      <FormAlert message={f.formError} />
      <Textarea label="Your response" {...f.field('body')} maxLength={RESPONSE_BODY_MAX} autosize minRows={3} maxRows={14} />
      <FormActions submitLabel="Respond" isPending={mutation.isPending} mt="sm" />
    </form>
  );
}
