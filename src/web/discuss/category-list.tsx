import { useLingui } from '@lingui/react';
import { Button, Loader, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { categoryLabel } from '../../shared/forum';
import { BellIcon, CategoryFollowButton, useFollowedCategories } from '../notifications';
import { categoriesQueryOptions } from './forum-api';
import classes from './discuss.module.css';

type CategoryListProps = {
  /** Where the page's filters toggle points (aria-controls), and how it folds the list on a phone. */
  id?: string;
  className?: string;
  'data-open'?: true | undefined;
  selected: string;
  hasFilter: boolean;
  onSelect: (category: string) => void;
  onClear: () => void;
};

/**
 * The categories with their number of posts; choosing one filters the list, Clear Filter shows all. Members
 * who may post see which categories they follow, and can follow the one chosen.
 */
export function CategoryList({ selected, hasFilter, onSelect, onClear, ...frame }: CategoryListProps) {
  const { i18n } = useLingui();
  const { data, isError } = useQuery(categoriesQueryOptions);
  const followed = useFollowedCategories();
  const headingId = useId();
  const shown = data?.categories.filter((c) => c.postCount > 0 || c.name.toLowerCase() === selected.toLowerCase()) ?? [];
  const chosen = data?.categories.find((c) => c.name.toLowerCase() === selected.toLowerCase());
  return (
    <section aria-labelledby={headingId} {...frame}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {i18n._('Categories')}
      </Title>
      {isError ? <Text size="sm">{i18n._('The categories could not be loaded.')}</Text> : null}
      {!data && !isError ? <Loader size="sm" aria-label={i18n._('Loading categories')} /> : null}
      {data ? (
        <>
          <ul className={classes.categoryList}>
            {shown.map((c) => {
              const isSelected = c.name.toLowerCase() === selected.toLowerCase();
              const isFollowed = followed?.has(c.id) ?? false;
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    className={classes.categoryButton}
                    aria-pressed={isSelected}
                    onClick={() => onSelect(isSelected ? '' : c.name)}
                  >
                    <span>
                      {categoryLabel(i18n, c.name)}
                      {isFollowed ? (
                        <span className={classes.followed} title={i18n._('You follow this category')}>
                          <BellIcon width={14} height={14} />
                        </span>
                      ) : null}
                    </span>
                    <span className={classes.count} aria-hidden="true">
                      {c.postCount}
                    </span>
                    <VisuallyHidden>
                      {isFollowed
                        ? i18n._('{count, plural, one {(followed, # post)} other {(followed, # posts)}}', { count: c.postCount })
                        : i18n._('{count, plural, one {(# post)} other {(# posts)}}', { count: c.postCount })}
                    </VisuallyHidden>
                  </button>
                </li>
              );
            })}
          </ul>
          {shown.length === 0 ? <Text size="sm">{i18n._('No posts yet.')}</Text> : null}
          <Button variant="outline" size="xs" mt="sm" onClick={onClear} disabled={!hasFilter}>
            {i18n._('Clear Filter')}
          </Button>
          {followed ? (
            <div className={classes.categoryFollow}>
              {chosen ? (
                <CategoryFollowButton category={chosen} />
              ) : (
                <Text size="sm" c="dimmed">
                  {i18n._('Choose a category to follow it.')}
                </Text>
              )}
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
