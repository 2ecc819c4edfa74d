import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';

import { Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { POSTS_TOPIC, SEARCH_QUERY_MAX, SEARCH_TERM_MIN, searchTermsOf } from '../../shared/forum';
import { FormAlert } from '../app/form-alert';
import { Page } from '../app/page';
import { useLive } from '../live/use-live';
import { CategoryList } from './category-list';
import { postListQueryOptions } from './forum-api';
import { NewPost } from './new-post-form';
import { PostListItem } from './post-list-item';
import classes from './discuss.module.css';

const TYPING_PAUSE_MS = 350;

/** /discuss: categories, keyword filter, newest posts first, and the new-post form. Filters live in the URL. */
export default function DiscussPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const category = searchParams.get('category') ?? '';
  const q = searchParams.get('q') ?? '';
  // Words too short to search are not a filter (the server would find nothing).
  const activeQ = searchTermsOf(q).length ? q : '';
  useLive([POSTS_TOPIC]);

  function setFilter(next: { q?: string; category?: string }) {
    const params = new URLSearchParams();
    const nextQ = (next.q ?? q).trim();
    const nextCategory = next.category ?? category;
    if (nextCategory) params.set('category', nextCategory);
    if (nextQ) params.set('q', nextQ);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  }

  const list = useInfiniteQuery({ ...postListQueryOptions({ q: activeQ, category }), placeholderData: keepPreviousData });
  const posts = list.data?.pages.flatMap((p) => p.posts) ?? [];
  const listSearch = searchParams.toString() ? `?${searchParams.toString()}` : '';
  useFocusReturningPost(posts.length > 0);

  return (
    <Page title="Discuss" size="lg">
      <Text mb="lg" maw={720}>
        Questions, ideas, prayer requests and encouragement from the network’s churches and families caring for
        children in foster care.
      </Text>
      <div className={classes.layout}>
        <CategoryList
          selected={category}
          hasFilter={Boolean(category || q)}
          onSelect={(name) => setFilter({ category: name })}
          onClear={() => setFilter({ category: '', q: '' })}
        />
        <Stack gap="lg" miw={0}>
          <KeywordFilter value={q} onApply={(value) => setFilter({ q: value })} />
          <NewPost defaultCategory={category} />
          <section aria-labelledby="posts-heading">
            <Group justify="space-between" align="baseline" mb="sm">
              <Title order={2} size="h3" id="posts-heading">
                Posts
              </Title>
              <Text size="sm" c="dimmed" role="status">
                {describeFilter(category, activeQ)}
              </Text>
            </Group>
            {list.isPending ? <Loader aria-label="Loading posts" /> : null}
            {list.isError && !list.data ? (
              <FormAlert message="The posts could not be loaded. Please try again later." />
            ) : null}
            {list.data && posts.length === 0 ? (
              <Text>{category || activeQ ? 'No posts match this filter.' : 'No posts yet. Start the first conversation!'}</Text>
            ) : null}
            <div aria-busy={list.isFetching && list.isPlaceholderData}>
              {posts.map((post) => (
                <PostListItem key={post.id} post={post} listSearch={listSearch} />
              ))}
            </div>
            {list.hasNextPage ? (
              <Button variant="outline" mt="md" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                Show older posts
              </Button>
            ) : null}
          </section>
        </Stack>
      </div>
    </Page>
  );
}

function describeFilter(category: string, q: string): string {
  if (category && q) return `Newest first, in “${category}”, matching “${q}”`;
  if (category) return `Newest first, in “${category}”`;
  if (q) return `Newest first, matching “${q}”`;
  return 'Newest first';
}

/** Filters as the reader types (after a pause), or at once on Enter. */
function KeywordFilter({ value, onApply }: { value: string; onApply: (value: string) => void }) {
  const [text, setText] = useState(value);
  const applied = useRef(value);
  const onApplyRef = useRef(onApply);
  onApplyRef.current = onApply;

  // Cleared or changed from outside (Clear Filter, back and forward).
  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = next;
      onApplyRef.current(next);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    applied.current = text.trim();
    onApply(text.trim());
  }

  const isTooShort = text.trim() !== '' && searchTermsOf(text).length === 0;
  return (
    <form role="search" onSubmit={onSubmit}>
      <TextInput
        type="search"
        label="Keyword filter"
        description={isTooShort ? `Type at least ${SEARCH_TERM_MIN} letters or digits.` : 'Searches titles, posts and responses.'}
        placeholder="For example: respite care"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={SEARCH_QUERY_MAX}
      />
    </form>
  );
}

/**
 * Coming back from a post through 'Back to main': focus that post's 'More' link, which scrolls it into view,
 * so the reader is where they left the list. Runs after the frame has focused the page heading.
 */
function useFocusReturningPost(hasPosts: boolean) {
  const location = useLocation();
  const done = useRef<string | undefined>(undefined);
  const postId = (location.state as { focusPost?: unknown } | null)?.focusPost;
  useEffect(() => {
    if (!hasPosts || typeof postId !== 'number' || done.current === location.key) return;
    done.current = location.key;
    const frame = requestAnimationFrame(() => {
      const link = document.querySelector<HTMLElement>(`[data-post-id="${postId}"] [data-more-link]`);
      link?.focus();
      link?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [hasPosts, postId, location.key]);
}
