import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Autocomplete, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CATEGORY_NAME_MAX,
  categoryLabel,
  categoryNameOf,
  POST_BODY_MAX,
  POST_TITLE_MAX,
  type PostInput,
  type postInputSchema,
} from '../../shared/forum';
import type { Locale } from '../../shared/i18n/locale';
import { WrittenInField } from '../app/content-language';
import type { SchemaForm } from '../lib/use-schema-form';
import { categoriesQueryOptions } from './forum-api';

export type PostDraft = { category: string; title: string; body: string; language: Locale };

/**
 * The form's values for a post (its category by the name the reader knows it by: a seeded one in the page's
 * language) and back: what the form sends (a seeded category's label is that category, by its stored name).
 */
export function postDraftOf(i18n: I18n, post: PostDraft): PostDraft {
  return { ...post, category: categoryLabel(i18n, post.category) };
}

export function postInputOf(i18n: I18n, draft: PostDraft): PostInput {
  return { ...draft, category: categoryNameOf(i18n, draft.category) };
}

type PostFieldsProps = { field: SchemaForm<PostDraft, typeof postInputSchema>['field'] };

/** Category (one of the list, or a new name), title, body and its language: the fields of a new post and of an edit. */
export function PostFields({ field }: PostFieldsProps) {
  const { i18n } = useLingui();
  const categories = useQuery(categoriesQueryOptions);
  // Labels, once each: a member's category written like a seeded one's translation would be a second
  // option of the same value, which the list cannot hold (and choosing it sends the seeded one anyway).
  const names = [...new Set(categories.data?.categories.map((c) => categoryLabel(i18n, c.name)))];
  return (
    <>
      <Autocomplete
        label={i18n._('Category')}
        description={i18n._('Choose a category, or type a new name to create one.')}
        data={names}
        {...field('category')}
        maxLength={CATEGORY_NAME_MAX}
        comboboxProps={{ withinPortal: true }}
        autoComplete="off"
      />
      <TextInput label={i18n._('Title')} {...field('title')} maxLength={POST_TITLE_MAX} />
      <Textarea
        label={i18n._('Message')}
        description={i18n._('Line breaks are kept; web addresses become links.')}
        {...field('body')}
        maxLength={POST_BODY_MAX}
        autosize
        minRows={5}
        maxRows={18}
      />
      <WrittenInField label={i18n._('Written in')} {...field('language')} />
    </>
  );
}
