import { useLingui } from '@lingui/react';
import { Alert, Anchor, Button, Paper, Stack, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { postInputSchema } from '../../shared/forum';
import { usePageLanguage } from '../app/content-language';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { useSchemaForm } from '../lib/use-schema-form';
import { useCreatePost } from './forum-api';
import { PostFields, postDraftOf, postInputOf, type PostDraft } from './post-fields';
import { PostingGate } from './posting-gate';
import { writeErrorOf } from './write-errors';

/** "New Post": opens the form for members with a profile; others learn what they need first. */
export function NewPost({ defaultCategory }: { defaultCategory: string }) {
  const { i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const [published, setPublished] = useState<{ id: number; title: string }>();
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {i18n._('New post')}
      </Title>
      <PostingGate action="post">
        {published ? (
          <Alert color="teal" variant="light" role="status" mb="md">
            {i18n._('Your post “{title}” is published.', { title: published.title })}{' '}
            {/* The alert's own text colour: the link colour on the alert's teal falls short of 4.5:1. */}
            <Anchor component={Link} to={`/discuss/${published.id}`} c="inherit" fw={700}>
              {i18n._('Open it')}
            </Anchor>
          </Alert>
        ) : null}
        {isOpen ? (
          <NewPostForm
            defaultCategory={defaultCategory}
            onDone={(created) => {
              setOpen(false);
              setPublished(created);
            }}
            onCancel={() => setOpen(false)}
          />
        ) : (
          <Button
            onClick={() => {
              setPublished(undefined);
              setOpen(true);
            }}
          >
            {i18n._('Write a new post')}
          </Button>
        )}
      </PostingGate>
    </Paper>
  );
}

function NewPostForm({
  defaultCategory,
  onDone,
  onCancel,
}: {
  defaultCategory: string;
  onDone: (created: { id: number; title: string }) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const language = usePageLanguage();
  // The list's category filter (a stored name, from the URL) as the reader knows it.
  const initialValues: PostDraft = postDraftOf(i18n, { category: defaultCategory, title: '', body: '', language });
  const f = useSchemaForm({ schema: postInputSchema, initialValues });

  const mutation = useCreatePost({
    onRefreshed: ({ id }, input) => onDone({ id, title: String(input.title).trim() }),
    onError: (error) => {
      const { message, fieldErrors } = writeErrorOf(i18n, error, i18n._('Your post could not be published. Please try again.'));
      f.showErrors(fieldErrors, message);
    },
  });

  return (
    <form {...f.formProps((_data, draft) => mutation.mutate(postInputOf(i18n, draft)))} aria-label={i18n._('New post')}>
      <FormAlert message={f.formError} />
      <Stack>
        <PostFields field={f.field} />
        <FormActions submitLabel={i18n._('Post')} isPending={mutation.isPending} onCancel={onCancel} isCancelLockedWhilePending />
      </Stack>
    </form>
  );
}
