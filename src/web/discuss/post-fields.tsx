import { useLingui } from '@lingui/react';
import { Autocomplete, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CATEGORY_NAME_MAX, POST_BODY_MAX, POST_TITLE_MAX, type postInputSchema } from '../../shared/forum';
import type { Locale } from '../../shared/i18n/locale';
import { WrittenInField } from '../app/content-language';
import type { SchemaForm } from '../lib/use-schema-form';
import { categoriesQueryOptions } from './forum-api';

export type PostDraft = { category: string; title: string; body: string; language: Locale };

type PostFieldsProps = { field: SchemaForm<PostDraft, typeof postInputSchema>['field'] };

/** Category (one of the list, or a new name), title, body and its language: the fields of a new post and of an edit. */
export function PostFields({ field }: PostFieldsProps) {
  const { i18n } = useLingui();
  const categories = useQuery(categoriesQueryOptions);
  const names = categories.data?.categories.map((c) => c.name) ?? [];
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
