import '@mantine/core/styles/Radio.layer.css';
import { Badge, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import {
  CARE_POST_MAX,
  CARE_PRIVACY_RULE,
  CARE_TEAM_NOT_FOUND,
  carePostInputSchema,
  careRoleLabel,
  careTeamTopic,
} from '../../shared/care';
import { carePostKindLabel, type CarePost } from '../../shared/care-space';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { formatDateTime } from '../lib/format-date-time';
import { useSchemaForm } from '../lib/use-schema-form';
import { useLive } from '../live';
import { careSpaceOptions, useCreateCarePost, useDeleteCarePost } from './care-space-api';
import { TeamFrame } from './team-frame';
import classes from './care.module.css';

// /care/:id/space (issue 27): the team's updates and prayer requests, newest first, live. Its active members
// write; the author, the family or a leader removes a post. Only the team and admins reach it.

type PostValues = { kind: 'update' | 'prayer'; body: string };
const CHECK_FIELDS = 'Please check the fields marked below.';
const EMPTY_POST: PostValues = { kind: 'update', body: '' };

export default function SpacePage() {
  const { id = '' } = useParams();
  const teamId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  useLive(teamId > 0 ? [careTeamTopic(teamId)] : []);
  const space = useInfiniteQuery({ ...careSpaceOptions(teamId), enabled: teamId > 0 });
  const first = space.data?.pages[0];
  const error =
    teamId === 0 || (isApiRequestError(space.error) && space.error.status === 404)
      ? { status: 404, message: CARE_TEAM_NOT_FOUND }
      : space.isError && !first
        ? { message: 'The team space could not be loaded. Please try again.' }
        : null;
  const posts = space.data?.pages.flatMap((p) => p.posts) ?? [];
  return (
    <TeamFrame head={first?.team} error={error} section="Updates and prayer">
      {first?.mayPost ? <PostForm teamId={teamId} /> : null}
      <section aria-labelledby="space-posts-title">
        <Title order={2} size="h3" id="space-posts-title" mb="sm">
          Updates and prayer requests
        </Title>
        {posts.length === 0 ? (
          <Text c="dimmed">Nothing here yet. Updates and prayer requests from the family and the team show here.</Text>
        ) : (
          <ul className={classes.posts}>
            {posts.map((post) => (
              <PostItem key={post.id} teamId={teamId} post={post} />
            ))}
          </ul>
        )}
        {space.hasNextPage ? (
          <Button variant="default" mt="md" onClick={() => void space.fetchNextPage()} loading={space.isFetchingNextPage}>
            Show older
          </Button>
        ) : null}
      </section>
    </TeamFrame>
  );
}

/** "Share an update" or "Ask for prayer": a kind and a few words, with the privacy rule above them. */
function PostForm({ teamId }: { teamId: number }) {
  const titleId = useId();
  const f = useSchemaForm({ schema: carePostInputSchema, initialValues: EMPTY_POST });
  const create = useCreateCarePost(teamId, {
    onSuccess: () => f.form.reset(),
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors ? CHECK_FIELDS : error.message),
  });
  const isPrayer = f.form.values.kind === 'prayer';
  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="xs">
        Share with the team
      </Title>
      <Text size="sm" mb="sm">
        {CARE_PRIVACY_RULE}
      </Text>
      <FormAlert message={f.formError} />
      <form {...f.formProps((data) => create.mutate(data))} aria-labelledby={titleId}>
        <Stack gap="sm">
          <Radio.Group label="What is it?" {...f.field('kind')}>
            <Group gap="lg" mt={6}>
              <Radio value="update" label="Share an update" />
              <Radio value="prayer" label="Ask for prayer" />
            </Group>
          </Radio.Group>
          <Textarea
            label={isPrayer ? 'Your prayer request' : 'Your update'}
            description="Seen by the team only. No phone number, email or street address."
            autosize
            minRows={3}
            maxLength={CARE_POST_MAX}
            required
            withAsterisk
            {...f.field('body')}
          />
          <FormActions submitLabel={isPrayer ? 'Ask for prayer' : 'Share the update'} isPending={create.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}

function PostItem({ teamId, post }: { teamId: number; post: CarePost }) {
  const [isConfirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteCarePost(teamId, { onError: (error) => setFailure(error.message) });
  const who = post.author ? post.author.name : 'A former member';
  return (
    <li className={classes.post}>
      <article aria-label={`${carePostKindLabel(post.kind)} by ${who}`}>
        <Group gap="xs" mb={4} wrap="wrap">
          <Badge color={post.kind === 'prayer' ? 'grape.9' : 'teal.9'}>{carePostKindLabel(post.kind)}</Badge>
          <Text fw={600} size="sm">
            {who}
            {post.author?.role ? `, ${careRoleLabel(post.author.role)}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
          </Text>
        </Group>
        <Text className={classes.postBody}>{post.body}</Text>
        {post.mayDelete ? (
          <Group gap="xs" mt="xs">
            {isConfirming ? (
              <>
                <Text size="sm">Remove this post for everyone?</Text>
                <Button size="xs" color="red.9" loading={remove.isPending} onClick={() => remove.mutate(post.id)}>
                  Remove
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                  Keep it
                </Button>
              </>
            ) : (
              <Button size="xs" variant="outline" color="red.9" onClick={() => setConfirming(true)}>
                Remove{post.mine ? '' : ` ${who}'s post`}
              </Button>
            )}
          </Group>
        ) : null}
        <FormAlert message={failure} />
      </article>
    </li>
  );
}
