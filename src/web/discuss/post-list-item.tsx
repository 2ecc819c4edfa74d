import { useLingui } from '@lingui/react';
import { Anchor, Badge, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { categoryLabel, type PostSummary } from '../../shared/forum';
import { displayNameIn } from '../../shared/member-name';
import { LanguageBadge, useWrittenLang } from '../app/content-language';
import { formatDateTime, responsesLabel } from './format-date';
import classes from './discuss.module.css';

/** One post in the list; 'More' opens it and remembers the list (filters) to come back to. */
export function PostListItem({ post, listSearch }: { post: PostSummary; listSearch: string }) {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  const titleId = `post-${post.id}-title`;
  const lang = writtenLang(post.language);
  return (
    <article className={classes.postItem} aria-labelledby={titleId} data-post-id={post.id}>
      <Title order={3} size="h4" id={titleId} mb={4} style={{ overflowWrap: 'anywhere' }} lang={lang}>
        {post.title}
      </Title>
      <div className={classes.meta}>
        <span>{i18n._('By {name}', { name: displayNameIn(i18n, post.author) })}</span>
        <time dateTime={post.postDate}>{formatDateTime(i18n, post.postDate)}</time>
        <Badge variant="light" color="teal" radius="sm" tt="none" component="span">
          <VisuallyHidden>{i18n._('Category:')} </VisuallyHidden>
          {categoryLabel(i18n, post.category)}
        </Badge>
        <LanguageBadge language={post.language} />
        <span>{responsesLabel(i18n, post.responseCount)}</span>
      </div>
      {post.excerpt ? (
        <Text mt="xs" size="sm" style={{ overflowWrap: 'anywhere' }} lang={lang}>
          {post.excerpt}
        </Text>
      ) : null}
      <Anchor
        component={Link}
        to={`/discuss/${post.id}`}
        state={{ fromList: listSearch }}
        fw={700}
        size="sm"
        mt={6}
        display="inline-block"
        data-more-link
      >
        {i18n._('More')}
        <VisuallyHidden lang={lang}>: {post.title}</VisuallyHidden>
      </Anchor>
    </article>
  );
}
