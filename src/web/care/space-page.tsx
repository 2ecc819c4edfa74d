import '@mantine/core/styles/Radio.layer.css';
import { Badge, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  CARE_POST_MAX,
  CARE_PRIVACY_RULE,
  CARE_TEAM_NOT_FOUND,
  carePostInputSchema,
  careRoleLabel,
  careTeamTopic,
} from '../../shared/care';
import { carePostKindLabel, type CarePost } from '../../shared/care-space';
import type { Locale } from '../../shared/i18n/locale';
import { LanguageBadge, LanguageFilter, languageParam, usePageLanguage, useWrittenLang, WrittenInField } from '../app/content-language';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { useLive } from '../live';
import { careSpaceOptions, useCreateCarePost, useDeleteCarePost } from './care-space-api';
import { TeamFrame } from './team-frame';
import classes from './care.module.css';

// /care/:id/space (issue 27): the team's updates and prayer requests, newest first, live. Its active members
// write; the author, the family or a leader removes a post. Only the team and admins reach it.

type PostValues = { kind: 'update' | 'prayer'; body: string; language: Locale };
const CHECK_FIELDS = /*i18n*/ 'Please check the fields marked below.';

export default function SpacePage() {
  const { id = '' } = useParams();
  const teamId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const [params, setParams] = useSearchParams();
  const language = languageParam(params.get('language'));
  useLive(teamId > 0 ? [careTeamTopic(teamId)] : []);
  const space = useInfiniteQuery({ ...careSpaceOptions(teamId, language), enabled: teamId > 0 });
  const first = space.data?.pages[0];
  const { i18n } = useLingui();
  const error =
    teamId === 0 || (isApiRequestError(space.error) && space.error.status === 404)
      ? { status: 404, message: i18n._(CARE_TEAM_NOT_FOUND) }
      : space.isError && !first
        ? { message: i18n._('The team space could not be loaded. Please try again.') }
        : null;
  const posts = space.data?.pages.flatMap((p) => p.posts) ?? [];
  return (
    <TeamFrame head={first?.team} error={error} section={i18n._('Updates and prayer')}>
      {first?.mayPost ? <PostForm teamId={teamId} /> : null}
      <section aria-labelledby="space-posts-title">
        <Group justify="space-between" align="end" mb="sm" gap="sm">
          <Title order={2} size="h3" id="space-posts-title">
            {i18n._('Updates and prayer requests')}
          </Title>
          <LanguageFilter
            label={i18n._('Language')}
            allLabel={i18n._('All languages')}
            value={language}
            onChange={(value) => setParams(value ? { language: value } : {}, { replace: true, preventScrollReset: true })}
          />
        </Group>
        {posts.length === 0 && language ? (
          <Text c="dimmed">{i18n._('No posts in this language.')}</Text>
        ) : posts.length === 0 ? (
          <Text c="dimmed">{i18n._('Nothing here yet. Updates and prayer requests from the family and the team show here.')}</Text>
        ) : (
          <ul className={classes.posts}>
            {posts.map((post) => (
              <PostItem key={post.id} teamId={teamId} post={post} />
            ))}
          </ul>
        )}
        {space.hasNextPage ? (
          <Button variant="default" mt="md" onClick={() => void space.fetchNextPage()} loading={space.isFetchingNextPage}>
            {i18n._('Show older')}
          </Button>
        ) : null}
      </section>
    </TeamFrame>
  );
}

/** "Share an update" or "Ask for prayer": a kind and a few words, with the privacy rule above them. */
function PostForm({ teamId }: { teamId: number }) {
  const titleId = useId();
  const language = usePageLanguage();
  const initialValues: PostValues = { kind: 'update', body: '', language };
  const f = useSchemaForm({ schema: carePostInputSchema, initialValues });
  const { i18n } = useLingui();
  const create = useCreateCarePost(teamId, {
    onSuccess: () => f.form.reset(),
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors ? i18n._(CHECK_FIELDS) : error.message),
  });
  const isPrayer = f.form.values.kind === 'prayer';
  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="xs">
        {i18n._('Share with the team')}
      </Title>
      <Text size="sm" mb="sm">
        {i18n._(CARE_PRIVACY_RULE)}
      </Text>
      <FormAlert message={f.formError} />
      <form {...f.formProps((data) => create.mutate(data))} aria-labelledby={titleId}>
        <Stack gap="sm">
          <Radio.Group label={i18n._('What is it?')} {...f.field('kind')}>
            <Group gap="lg" mt={6}>
              <Radio value="update" label={i18n._('Share an update')} />
              <Radio value="prayer" label={i18n._('Ask for prayer')} />
            </Group>
          </Radio.Group>
          <Textarea
            label={isPrayer ? i18n._('Your prayer request') : i18n._('Your update')}
            description={i18n._('Seen by the team only. No phone number, email or street address.')}
            autosize
            minRows={3}
            maxLength={CARE_POST_MAX}
            required
            withAsterisk
            {...f.field('body')}
          />
          <WrittenInField label={i18n._('Written in')} {...f.field('language')} />
          <FormActions submitLabel={isPrayer ? i18n._('Ask for prayer') : i18n._('Share the update')} isPending={create.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}

function PostItem({ teamId, post }: { teamId: number; post: CarePost }) {
  const [isConfirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteCarePost(teamId, { onError: (error) => setFailure(error.message) });
  const { i18n } = useLingui();
  const who = post.author ? post.author.name : i18n._('A former member');
  const kind = i18n._(carePostKindLabel(post.kind));
  const writtenLang = useWrittenLang();
  return (
    <li className={classes.post}>
      <article aria-label={i18n._('{kind} by {who}', { kind, who })}>
        <Group gap="xs" mb={4} wrap="wrap">
          <Badge color={post.kind === 'prayer' ? 'grape.9' : 'teal.9'}>{kind}</Badge>
          <Text fw={600} size="sm">
            {who}
            {post.author?.role ? `, ${i18n._(careRoleLabel(post.author.role))}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={post.createdAt}>{i18n.date(post.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </Text>
          <LanguageBadge language={post.language} />
        </Group>
        <Text className={classes.postBody} lang={writtenLang(post.language)}>
          {post.body}
        </Text>
        {post.mayDelete ? (
          <Group gap="xs" mt="xs">
            {isConfirming ? (
              <>
                <Text size="sm">{i18n._('Remove this post for everyone?')}</Text>
                <Button size="xs" color="red.9" loading={remove.isPending} onClick={() => remove.mutate(post.id)}>
                  {i18n._('Remove')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                  {i18n._('Keep it')}
                </Button>
              </>
            ) : (
              <Button size="xs" variant="outline" color="red.9" onClick={() => setConfirming(true)}>
                {post.mine ? i18n._('Remove') : i18n._("Remove {who}'s post", { who })}
              </Button>
            )}
          </Group>
        ) : null}
        <FormAlert message={failure} />
      </article>
    </li>
  );
}
