import { Autocomplete, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CATEGORY_NAME_MAX, POST_BODY_MAX, POST_TITLE_MAX } from '../../shared/forum';
import type { FieldErrors } from '../lib/field-errors';
import { categoriesQueryOptions } from './forum-api';

export type PostDraft = { category: string; title: string; body: string };

type PostFieldsProps = {
  draft: PostDraft;
  onChange: (draft: PostDraft) => void;
  errors: FieldErrors;
};

/** Category (one of the list, or a new name), title and body: the fields of a new post and of an edit. */
export function PostFields({ draft, onChange, errors }: PostFieldsProps) {
  const categories = useQuery(categoriesQueryOptions);
  const names = categories.data?.categories.map((c) => c.name) ?? [];
  return (
    <>
      <Autocomplete
        label="Category"
        description="Choose a category, or type a new name to create one."
        name="category"
        data={names}
        value={draft.category}
        onChange={(category) => onChange({ ...draft, category })}
        maxLength={CATEGORY_NAME_MAX}
        error={errors.category}
        comboboxProps={{ withinPortal: true }}
        autoComplete="off"
      />
      <TextInput
        label="Title"
        name="title"
        value={draft.title}
        onChange={(event) => onChange({ ...draft, title: event.currentTarget.value })}
        maxLength={POST_TITLE_MAX}
        error={errors.title}
      />
      <Textarea
        label="Message"
        name="body"
        description="Line breaks are kept; web addresses become links."
        value={draft.body}
        onChange={(event) => onChange({ ...draft, body: event.currentTarget.value })}
        maxLength={POST_BODY_MAX}
        autosize
        minRows={5}
        maxRows={18}
        error={errors.body}
      />
    </>
  );
}
