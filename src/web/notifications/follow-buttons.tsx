import { useLingui } from '@lingui/react';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Me } from '../../shared/account';
import { categoryLabel } from '../../shared/forum';
import { useMe } from '../lib/me-query';
import { BellIcon } from './bell-icon';
import { categoryFollowsQueryOptions, postFollowQueryOptions, useCategoryFollowChange, usePostFollowChange } from './follow-api';
import classes from './follow-buttons.module.css';

const CHANGE_FAILED = /*i18n*/ 'That did not work just now. Please try again in a moment.';

/** Who may follow: whoever may post (a saved profile and a confirmed address); the server checks the same. */
function canFollow(me: Me | null): me is Me {
  return me !== null && me.hasProfile && me.emailVerified;
}

type FollowControlProps = {
  isFollowing: boolean;
  /** What the button says: "Follow this post", "Unfollow this post". */
  label: { follow: string; unfollow: string };
  hint: { following: string; notFollowing: string };
  onChange: (following: boolean) => void;
  hasFailed: boolean;
};

/**
 * A button that says what pressing it does ("Follow this post", "Unfollow this post") and a sentence saying
 * what is the case now, read with the button and announced when it changes. The change shows at once
 * (the server's answer follows), so the button never turns disabled under the keyboard's focus.
 */
function FollowControl({ isFollowing, label, hint, onChange, hasFailed }: FollowControlProps) {
  const { i18n } = useLingui();
  const hintId = useId();
  return (
    <Stack gap={6} align="flex-start">
      <Button
        variant={isFollowing ? 'light' : 'outline'}
        size="sm"
        leftSection={<BellIcon width={16} height={16} />}
        aria-describedby={hintId}
        onClick={() => onChange(!isFollowing)}
        classNames={{ root: classes.button, label: classes.label }}
      >
        {isFollowing ? label.unfollow : label.follow}
      </Button>
      <Text size="sm" id={hintId} role="status">
        {isFollowing ? hint.following : hint.notFollowing}
      </Text>
      {hasFailed ? (
        <Text size="sm" c="red.9" role="alert">
          {i18n._(CHANGE_FAILED)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Follow or unfollow a post (its page); shown only to members who may post. */
export function PostFollowButton({ postId }: { postId: number }) {
  const me = useMe();
  return canFollow(me) ? <PostFollow postId={postId} /> : null;
}

function PostFollow({ postId }: { postId: number }) {
  const { i18n } = useLingui();
  const state = useQuery(postFollowQueryOptions(postId));
  const change = usePostFollowChange(postId);
  if (!state.data) return null;
  // The author hears of every response to their post whether they follow it or not: nothing to choose.
  if (state.data.isAuthor) {
    return (
      <Text size="sm" className={classes.authorNote}>
        <BellIcon width={16} height={16} className={classes.noteIcon} />
        {i18n._('This is your post: you get a notification of every response to it.')}
      </Text>
    );
  }
  return (
    <FollowControl
      isFollowing={state.data.following}
      label={{ follow: i18n._('Follow this post'), unfollow: i18n._('Unfollow this post') }}
      hint={{
        following: i18n._('You follow this post: you get a notification of every new response.'),
        notFollowing: i18n._('Follow it to get a notification of every new response.'),
      }}
      onChange={(following) => change.mutate(following)}
      hasFailed={change.isError}
    />
  );
}

/** The ids of the categories the member follows; null for a visitor or a member who may not follow. */
export function useFollowedCategories(): Set<number> | null {
  const me = useMe();
  const allowed = canFollow(me);
  const follows = useQuery({ ...categoryFollowsQueryOptions(me?.id ?? ''), enabled: allowed });
  if (!allowed || !follows.data) return null;
  return new Set(follows.data.categoryIds);
}

/** Follow or unfollow a category (the category list, for the category chosen); only for members who may post. */
export function CategoryFollowButton({ category }: { category: { id: number; name: string } }) {
  const me = useMe();
  return canFollow(me) ? <CategoryFollow uid={me.id} category={category} /> : null;
}

function CategoryFollow({ uid, category }: { uid: string; category: { id: number; name: string } }) {
  const { i18n } = useLingui();
  const follows = useQuery(categoryFollowsQueryOptions(uid));
  const change = useCategoryFollowChange(uid, category.id);
  if (!follows.data) return null;
  return (
    <FollowControl
      isFollowing={follows.data.categoryIds.includes(category.id)}
      label={{
        follow: i18n._('Follow “{category}”', { category: categoryLabel(i18n, category.name) }),
        unfollow: i18n._('Unfollow “{category}”', { category: categoryLabel(i18n, category.name) }),
      }}
      hint={{
        following: i18n._('You follow this category: you get a notification of every response in its posts.'),
        notFollowing: i18n._('Follow it to get a notification of every response in its posts.'),
      }}
      onChange={(following) => change.mutate(following)}
      hasFailed={change.isError}
    />
  );
}
