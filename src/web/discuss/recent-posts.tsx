import { useLingui } from '@lingui/react';
import { Anchor, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { POSTS_TOPIC } from '../../shared/forum';
import { SectionCard } from '../app/section-card';
import { useWrittenLang } from '../app/content-language';
import { call, client } from '../lib/api-client';
import { formatTimeAgo } from '../lib/format-date-time';
import { useLive } from '../live';
import { categoriesQueryOptions, forumKeys } from './forum-api';

const SHOWN = 4;

/**
 * The member's home (issue 29): the newest posts in the categories they follow (the newest of all when they
 * follow none), live, with the way to Discuss.
 */
export function RecentPosts({ followed }: { followed: ReadonlySet<number> | null }) {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  useLive([POSTS_TOPIC]);
  const categories = useQuery(categoriesQueryOptions);
  const names = (categories.data?.categories ?? []).filter((c) => followed?.has(c.id)).map((c) => c.name);
  // One first page per followed category (or one of every category), merged newest first.
  const lists = useQueries({
    queries: (names.length ? names : ['']).map((category) => ({
      queryKey: [...forumKeys.posts(), 'home', category],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(client.posts.$get({ query: category ? { category } : {} }, { init: { signal } })),
      enabled: categories.isSuccess,
    })),
  });
  const posts = lists
    .flatMap((l) => l.data?.posts ?? [])
    .sort((a, b) => b.postDate.localeCompare(a.postDate))
    .slice(0, SHOWN);
  const isLoaded = lists.every((l) => l.isSuccess);
  return (
    <SectionCard
      title={names.length ? i18n._('New in the categories you follow') : i18n._('New on Discuss')}
      note={isLoaded && posts.length === 0 ? i18n._('No posts yet.') : null}
      more={{ to: '/discuss', label: names.length ? i18n._('Go to Discuss') : i18n._('Go to Discuss and follow a category') }}
    >
      {posts.map((p) => (
        <li key={p.id}>
          <Anchor component={Link} to={`/discuss/${p.id}`} fw={600} lang={writtenLang(p.language)} style={{ overflowWrap: 'anywhere' }}>
            {p.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {p.category} · <time dateTime={p.postDate}>{formatTimeAgo(p.postDate)}</time>
          </Text>
        </li>
      ))}
    </SectionCard>
  );
}
