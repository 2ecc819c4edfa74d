import { Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { z } from 'zod';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import type { SchemaForm } from '../lib/use-schema-form';

/**
 * The form of an admin's action that needs a reason sent to a member (suspending an account, declining a
 * church's proposal): the reason, what is wrong with it, and the red button that does it.
 */
export function ReasonForm({
  f,
  onSend,
  description,
  maxLength,
  submitLabel,
  isPending,
  onCancel,
}: {
  f: SchemaForm<{ reason: string }, z.ZodType<{ reason: string }>>;
  onSend: (reason: string) => void;
  description: string;
  maxLength: number;
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <form {...f.formProps((data) => onSend(data.reason))}>
      <Textarea
        label={i18n._('Reason')}
        description={description}
        required
        autosize
        minRows={3}
        maxLength={maxLength}
        {...f.field('reason')}
        data-autofocus
      />
      <FormAlert message={f.formError} />
      <FormActions
        submitLabel={submitLabel}
        submitColor="red.9"
        isPending={isPending}
        onCancel={onCancel}
        isCancelLockedWhilePending
        mt="md"
      />
    </form>
  );
}
