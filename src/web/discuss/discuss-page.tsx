import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';

import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { categoryLabel, POSTS_TOPIC, SEARCH_QUERY_MAX, SEARCH_TERM_MIN, searchTermsOf } from '../../shared/forum';
import { CONTENT_LANGUAGE_NAMES } from '../../shared/i18n/content-language';
import type { Locale } from '../../shared/i18n/locale';
import { LanguageFilter, languageParam } from '../app/content-language';
import { FormAlert } from '../app/form-alert';
import { Page } from '../app/page';
import { SearchBox } from '../app/search-box';
import { useLive } from '../live';
import { CategoryList } from './category-list';
import { postListQueryOptions } from './forum-api';
import { NewPost } from './new-post-form';
import { PostListItem } from './post-list-item';
import classes from './discuss.module.css';
import { EmptyIllustration } from '../illustrations';

/** /discuss: categories, keyword filter, newest posts first, and the new-post form. Filters live in the URL. */
export default function DiscussPage() {
  const { i18n } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const category = searchParams.get('category') ?? '';
  const q = searchParams.get('q') ?? '';
  const language = languageParam(searchParams.get('language'));
  // Words too short to search are not a filter (the server would find nothing).
  const activeQ = searchTermsOf(q).length ? q : '';
  useLive([POSTS_TOPIC]);

  function setFilter(next: { q?: string; category?: string; language?: Locale | '' }) {
    const params = new URLSearchParams();
    const nextQ = (next.q ?? q).trim();
    const nextCategory = next.category ?? category;
    const nextLanguage = next.language ?? language;
    if (nextCategory) params.set('category', nextCategory);
    if (nextQ) params.set('q', nextQ);
    if (nextLanguage) params.set('language', nextLanguage);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  }

  const list = useInfiniteQuery({ ...postListQueryOptions({ q: activeQ, category, language }), placeholderData: keepPreviousData });
  const posts = list.data?.pages.flatMap((p) => p.posts) ?? [];
  const listSearch = searchParams.toString() ? `?${searchParams.toString()}` : '';
  useFocusReturningPost(posts.length > 0);

  return (
    <Page title={i18n._('Discuss')} size="lg">
      <Text mb="lg" maw={720}>
        {i18n._(
          'Questions, ideas, prayer requests and encouragement from the network’s churches and families caring for children in foster care.',
        )}
      </Text>
      <div className={classes.layout}>
        <CategoryList
          selected={category}
          hasFilter={Boolean(category || q || language)}
          onSelect={(name) => setFilter({ category: name })}
          onClear={() => setFilter({ category: '', q: '', language: '' })}
        />
        <Stack gap="lg" miw={0}>
          <div className={classes.filters}>
            <KeywordFilter value={q} onApply={(value) => setFilter({ q: value })} />
            <LanguageFilter
              label={i18n._('Language')}
              allLabel={i18n._('All languages')}
              value={language}
              onChange={(value) => setFilter({ language: value })}
            />
          </div>
          <NewPost defaultCategory={category} />
          <section aria-labelledby="posts-heading">
            <Group justify="space-between" align="baseline" mb="sm">
              <Title order={2} size="h3" id="posts-heading">
                {i18n._('Posts')}
              </Title>
              <Text size="sm" c="dimmed" role="status">
                {describeFilter(i18n, category, activeQ, language)}
              </Text>
            </Group>
            {list.isPending ? <Loader aria-label={i18n._('Loading posts')} /> : null}
            {list.isError && !list.data ? <FormAlert message={i18n._('The posts could not be loaded. Please try again later.')} /> : null}
            {list.data && posts.length === 0 ? <EmptyIllustration /> : null}
            {list.data && posts.length === 0 ? (
              <Text>
                {category || activeQ || language
                  ? i18n._('No posts match this filter.')
                  : i18n._('No posts yet. Start the first conversation!')}
              </Text>
            ) : null}
            <div aria-busy={list.isFetching && list.isPlaceholderData}>
              {posts.map((post) => (
                <PostListItem key={post.id} post={post} listSearch={listSearch} />
              ))}
            </div>
            {list.hasNextPage ? (
              <Button variant="outline" mt="md" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {i18n._('Show older posts')}
              </Button>
            ) : null}
          </section>
        </Stack>
      </div>
    </Page>
  );
}

function describeFilter(i18n: I18n, category: string, q: string, language: Locale | ''): string {
  // The language is said apart from the rest: one sentence each way would be eight sentences to translate.
  const filter = describeWordsFilter(i18n, category, q);
  return language ? i18n._('{filter}; written in {language}', { filter, language: CONTENT_LANGUAGE_NAMES[language] }) : filter;
}

function describeWordsFilter(i18n: I18n, categoryName: string, q: string): string {
  const category = categoryLabel(i18n, categoryName);
  if (category && q) return i18n._('Newest first, in “{category}”, matching “{q}”', { category, q });
  if (category) return i18n._('Newest first, in “{category}”', { category });
  if (q) return i18n._('Newest first, matching “{q}”', { q });
  return i18n._('Newest first');
}

/** Filters as the reader types (after a pause), or at once on Enter. */
function KeywordFilter({ value, onApply }: { value: string; onApply: (value: string) => void }) {
  const { i18n } = useLingui();
  return (
    <SearchBox
      label={i18n._('Keyword filter')}
      description={(text) =>
        text.trim() !== '' && searchTermsOf(text).length === 0
          ? i18n._('Type at least {min} letters or digits.', { min: SEARCH_TERM_MIN })
          : i18n._('Searches titles, posts and responses.')
      }
      placeholder={i18n._('For example: respite care')}
      value={value}
      maxLength={SEARCH_QUERY_MAX}
      onApply={onApply}
    />
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
