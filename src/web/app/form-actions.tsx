import { useLingui } from '@lingui/react';
import { Button, Group, type ButtonProps, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

type FormActionsProps = {
  /** What the submit button says. */
  submitLabel: ReactNode;
  submitColor?: ButtonProps['color'];
  /** The form is sending: the submit button spins. */
  isPending: boolean;
  /** A Cancel button before the submit button, when there is something to go back to. */
  onCancel?: (() => void) | undefined;
  /** Cancel is off too while the form sends. */
  isCancelLockedWhilePending?: boolean;
  mt?: GroupProps['mt'];
};

/** The buttons at the foot of a form, on the right: Cancel when there is one, then the submit button. */
export function FormActions({ submitLabel, submitColor, isPending, onCancel, isCancelLockedWhilePending, mt }: FormActionsProps) {
  const { i18n } = useLingui();
  return (
    <Group justify="flex-end" mt={mt}>
      {onCancel ? (
        <Button variant="default" onClick={onCancel} disabled={isCancelLockedWhilePending ? isPending : undefined}>
          {i18n._('Cancel')}
        </Button>
      ) : null}
      <Button type="submit" color={submitColor} loading={isPending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
