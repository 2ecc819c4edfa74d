import { useLingui } from '@lingui/react';
import { Button, Group, Textarea, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { RESPONSE_BODY_MAX, responseInputSchema, type ResponseView } from '../../shared/forum';
import { FormAlert } from '../app/form-alert';
import { ConfirmDelete } from '../app/confirm-delete';
import { useSchemaForm } from '../lib/use-schema-form';
import { displayNameIn } from '../../shared/member-name';
import { formatDateTime, wasEdited } from './format-date';
import { useDeleteResponse, useUpdateResponse } from './forum-api';
import { UserText } from './user-text';
import { writeErrorOf } from './write-errors';
import classes from './discuss.module.css';

/** One response; its author or an admin edits it (Edit Post / Save Post, product.md §5.4) and deletes it. */
export function ResponseItem({ response }: { response: ResponseView }) {
  const { i18n } = useLingui();
  const [isEditing, setEditing] = useState(false);
  // A failed save shows beside the text being edited; a failed delete above the response.
  const f = useSchemaForm({ schema: responseInputSchema, initialValues: { body: response.body } });
  const [isConfirming, confirm] = useDisclosure(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const author = displayNameIn(i18n, response.author);
  const context = i18n._('response by {name}, {when}', { name: author, when: formatDateTime(i18n, response.postDate) });

  const save = useUpdateResponse(response, {
    onRefreshed: () => {
      setEditing(false);
      requestAnimationFrame(() => editButton.current?.focus());
    },
    onError: (err) => {
      const { message, fieldErrors } = writeErrorOf(i18n, err, i18n._('Your changes could not be saved. Please try again.'));
      f.showErrors({ body: fieldErrors.body ?? message });
    },
  });

  const remove = useDeleteResponse(response, {
    onSuccess: () => confirm.close(),
    onError: (err) => {
      confirm.close();
      f.setFormError(writeErrorOf(i18n, err, i18n._('The response could not be deleted. Please try again.')).message);
    },
  });

  return (
    <li className={classes.response} data-response-id={response.id}>
      <div className={classes.meta}>
        <strong style={{ color: 'var(--mantine-color-text)' }}>{author}</strong>
        <time dateTime={response.postDate}>{formatDateTime(i18n, response.postDate)}</time>
        {wasEdited(response.postDate, response.updatedAt) ? (
          <span>{i18n._('edited {when}', { when: formatDateTime(i18n, response.updatedAt) })}</span>
        ) : null}
      </div>
      {!isEditing ? (
        <>
          <FormAlert message={f.formError} />
          <UserText text={response.body} mt={4} />
          {response.canEdit ? (
            <Group gap="xs" mt="xs">
              <Button
                ref={editButton}
                size="compact-sm"
                variant="subtle"
                onClick={() => {
                  f.reset({ body: response.body });
                  setEditing(true);
                }}
              >
                {i18n._('Edit Post')}
                <VisuallyHidden>: {context}</VisuallyHidden>
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" c="red.9" onClick={confirm.open}>
                {i18n._('Delete')}
                <VisuallyHidden>: {context}</VisuallyHidden>
              </Button>
            </Group>
          ) : null}
        </>
      ) : (
        <form {...f.formProps((_data, { body }) => save.mutate({ body }))}>
          <Textarea
            label={i18n._('Edit your response')}
            {...f.field('body')}
            maxLength={RESPONSE_BODY_MAX}
            autosize
            minRows={3}
            maxRows={14}
            data-autofocus
            // The member just chose Edit: the text they asked to change is where they type next.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          <Group gap="xs" mt="xs">
            <Button type="submit" size="compact-sm" loading={save.isPending}>
              {i18n._('Save Post')}
              <VisuallyHidden>: {context}</VisuallyHidden>
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                setEditing(false);
                f.reset();
              }}
              disabled={save.isPending}
            >
              {i18n._('Cancel')}
            </Button>
          </Group>
        </form>
      )}
      <ConfirmDelete
        opened={isConfirming}
        title={i18n._('Delete this response?')}
        text={i18n._('The response will be deleted for everyone. This cannot be undone.')}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={confirm.close}
      />
    </li>
  );
}
