import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';

import { useLingui } from '@lingui/react';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { categoryLabel, postInputSchema, postTopic, type PostDetail, type ResponseView } from '../../shared/forum';
import { FormAlert } from '../app/form-alert';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { useLive } from '../live';
import { PostFollowButton } from '../notifications';
import { ConfirmDelete } from '../app/confirm-delete';
import { displayNameIn } from '../../shared/member-name';
import { formatDateTime, wasEdited } from './format-date';
import { postQueryOptions, useDeletePost, useUpdatePost } from './forum-api';
import { PostFields, postDraftOf, postInputOf } from './post-fields';
import { PostingGate } from './posting-gate';
import { ResponseForm } from './response-form';
import { ResponseItem } from './response-item';
import { UserText } from './user-text';
import { LanguageBadge, useWrittenLang } from '../app/content-language';
import { writeErrorOf } from './write-errors';
import classes from './discuss.module.css';

/** Where 'Back to main' leads: the list as the reader left it (its filters), or the whole list. */
function useBackToList(postId: string) {
  const location = useLocation();
  const from = (location.state as { fromList?: unknown } | null)?.fromList;
  const search = typeof from === 'string' && (from === '' || from.startsWith('?')) ? from : '';
  return { to: `/discuss${search}`, state: { focusPost: Number(postId) } };
}

/** /discuss/:id — one post with its responses and the response form; changes arrive live. */
export default function PostPage() {
  const { i18n } = useLingui();
  const { id = '' } = useParams();
  const back = useBackToList(id);
  const writtenLang = useWrittenLang();
  const query = useQuery(postQueryOptions(id));
  useLive([postTopic(id)]);

  const backLink = (
    <Anchor component={Link} to={back.to} state={back.state} fw={700}>
      {i18n._('← Back to main')}
    </Anchor>
  );

  const isGone = isApiRequestError(query.error) && query.error.status === 404;
  if (isGone || (query.isError && !query.data)) {
    return (
      <Page title={isGone ? i18n._('Post not found') : i18n._('Discuss')} size="md">
        <Text mb="md" role="status">
          {isGone
            ? i18n._('This post has been deleted, or never existed.')
            : i18n._('The post could not be loaded. Please try again later.')}
        </Text>
        {backLink}
      </Page>
    );
  }
  if (!query.data) {
    return (
      <Page title={i18n._('Discuss')} size="md">
        <Loader aria-label={i18n._('Loading the post')} />
      </Page>
    );
  }
  const { post, responses } = query.data;
  return (
    <Page
      title={post.title}
      titleLang={writtenLang(post.language)}
      documentTitle={i18n._('{title} | Discuss', { title: post.title })}
      size="md"
    >
      <Stack gap="xl">
        <PostArticle post={post} back={back} />
        <PostFollowButton postId={post.id} />
        <Responses post={post} responses={responses} />
        <div>{backLink}</div>
      </Stack>
    </Page>
  );
}

function PostArticle({ post, back }: { post: PostDetail; back: ReturnType<typeof useBackToList> }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const writtenLang = useWrittenLang();
  const [isEditing, setEditing] = useState(false);
  const f = useSchemaForm({
    schema: postInputSchema,
    initialValues: postDraftOf(i18n, { category: post.category, title: post.title, body: post.body, language: post.language }),
  });
  const [isConfirming, confirm] = useDisclosure(false);
  const editButton = useRef<HTMLButtonElement>(null);

  const save = useUpdatePost(post.id, {
    onRefreshed: () => {
      setEditing(false);
      requestAnimationFrame(() => editButton.current?.focus());
    },
    onError: (error) => {
      const { message, fieldErrors } = writeErrorOf(i18n, error, i18n._('Your changes could not be saved. Please try again.'));
      f.showErrors(fieldErrors, message);
    },
  });

  const remove = useDeletePost(post.id, {
    onSuccess: () => confirm.close(),
    onRefreshed: () => navigate(back.to, { state: { notice: i18n._('The post has been deleted.') } }),
    onError: (error) => {
      confirm.close();
      f.setFormError(writeErrorOf(i18n, error, i18n._('The post could not be deleted. Please try again.')).message);
    },
  });

  return (
    <article>
      <div className={classes.meta} style={{ marginTop: 'calc(-1 * var(--mantine-spacing-sm))' }}>
        <span>{i18n._('By {name}', { name: displayNameIn(i18n, post.author) })}</span>
        <time dateTime={post.postDate}>{formatDateTime(i18n, post.postDate)}</time>
        {wasEdited(post.postDate, post.updatedAt) ? (
          <span>{i18n._('edited {when}', { when: formatDateTime(i18n, post.updatedAt) })}</span>
        ) : null}
        <Badge variant="light" color="teal" radius="sm" tt="none" component="span">
          {categoryLabel(i18n, post.category)}
        </Badge>
        <LanguageBadge language={post.language} />
      </div>
      <FormAlert message={f.formError} />
      {!isEditing ? (
        <>
          <UserText text={post.body} mt="md" size="md" lang={writtenLang(post.language)} />
          {post.canEdit ? (
            <Group gap="sm" mt="lg">
              <Button
                ref={editButton}
                variant="outline"
                onClick={() => {
                  f.reset(postDraftOf(i18n, { category: post.category, title: post.title, body: post.body, language: post.language }));
                  setEditing(true);
                }}
              >
                {i18n._('Edit Post')}
              </Button>
              <Button variant="outline" color="red.9" onClick={confirm.open}>
                {i18n._('Delete Post')}
              </Button>
            </Group>
          ) : null}
        </>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="md">
          <form {...f.formProps((_data, draft) => save.mutate(postInputOf(i18n, draft)))} aria-label={i18n._('Edit the post')}>
            <Stack>
              <PostFields field={f.field} />
              <Group gap="sm">
                <Button type="submit" loading={save.isPending}>
                  {i18n._('Save Post')}
                </Button>
                <Button variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
                  {i18n._('Cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      <ConfirmDelete
        opened={isConfirming}
        title={i18n._('Delete this post?')}
        text={
          post.responseCount > 0
            ? i18n._(
                '{count, plural, one {The post and its # response will be deleted for everyone. This cannot be undone.} other {The post and its # responses will be deleted for everyone. This cannot be undone.}}',
                { count: post.responseCount },
              )
            : i18n._('The post will be deleted for everyone. This cannot be undone.')
        }
        isPending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={confirm.close}
      />
    </article>
  );
}

function Responses({ post, responses }: { post: PostDetail; responses: ResponseView[] }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="responses-heading">
      <Title order={2} size="h3" id="responses-heading" mb="md">
        {i18n._('Responses ({count})', { count: responses.length })}
      </Title>
      {responses.length === 0 ? (
        <Text mb="md">{i18n._('No responses yet.')}</Text>
      ) : (
        <Stack component="ol" gap="lg" mb="xl" style={{ listStyle: 'none', padding: 0 }}>
          {responses.map((r) => (
            <ResponseItem key={r.id} response={r} />
          ))}
        </Stack>
      )}
      <PostingGate action="respond">
        <ResponseForm postId={post.id} />
      </PostingGate>
    </section>
  );
}
