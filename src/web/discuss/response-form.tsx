import { Button, Group, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { RESPONSE_BODY_MAX, responseInputSchema } from '../../shared/forum';
import { FormAlert } from '../app/form-alert';
import { checkFields } from '../lib/field-errors';
import { createResponse } from './forum-api';
import { writeErrorOf } from './write-errors';

export function ResponseForm({ postId }: { postId: number }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  const mutation = useMutation({
    mutationFn: (text: string) => createResponse(postId, { body: text }),
    onSuccess: async () => {
      setBody('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['post', String(postId)] }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
      ]);
    },
    onError: (error) => {
      const { message, fieldErrors } = writeErrorOf(error, 'Your response could not be published. Please try again.');
      setFormError(fieldErrors.body ? undefined : message);
      setFieldError(fieldErrors.body);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    if (!checkFields(responseInputSchema, { body }, (errors) => setFieldError(errors.body))) return;
    mutation.mutate(body);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Respond to this post">
      <FormAlert message={formError} />
      <Textarea
        label="Your response"
        name="body"
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        maxLength={RESPONSE_BODY_MAX}
        autosize
        minRows={3}
        maxRows={14}
        error={fieldError}
      />
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={mutation.isPending}>
          Respond
        </Button>
      </Group>
    </form>
  );
}
