import { useLingui } from '@lingui/react';
import { Anchor, Badge, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { categoryLabel, type PostSummary } from '../../shared/forum';
import { displayNameIn } from '../../shared/member-name';
import { LanguageBadge, useWrittenLang } from '../app/content-language';
import { formatDateTime, responsesLabel } from './format-date';
import { UserText } from './user-text';
import classes from './discuss.module.css';

/** One post in the list; its title and 'More' open it and remember the list (filters) to come back to. */
export function PostListItem({ post, listSearch }: { post: PostSummary; listSearch: string }) {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  const titleId = `post-${post.id}-title`;
  const lang = writtenLang(post.language);
  const postPath = `/discuss/${post.id}`;
  const postState = { fromList: listSearch };
  return (
    <article className={classes.postItem} aria-labelledby={titleId} data-post-id={post.id}>
      <Title order={3} size="h4" id={titleId} mb={4} style={{ overflowWrap: 'anywhere' }} lang={lang}>
        {/* The title is where readers click first; 'More' below stays, the way the product has always said. */}
        <Anchor component={Link} to={postPath} state={postState} inherit c="inherit" underline="hover">
          {post.title}
        </Anchor>
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
      {post.excerpt ? <UserText mt="xs" size="sm" lang={lang} text={post.excerpt} isCut={post.excerpt.endsWith('…')} /> : null}
      <Anchor component={Link} to={postPath} state={postState} fw={700} size="sm" mt={6} display="inline-block" data-more-link>
        {i18n._('More')}
        <VisuallyHidden lang={lang}>: {post.title}</VisuallyHidden>
      </Anchor>
    </article>
  );
}
