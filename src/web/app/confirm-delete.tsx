import '@mantine/core/styles/Modal.layer.css';

import { useLingui } from '@lingui/react';
import { Button, Group, Modal, Text } from '@mantine/core';

type ConfirmDeleteProps = {
  opened: boolean;
  title: string;
  text: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** For a confirmation that is not a deletion (defaults: 'Yes, delete' in red). */
  confirmLabel?: string;
  confirmColor?: string;
  cancelLabel?: string;
};

/** Deleting is for good: it asks first. Other changes that deserve a second thought use it too. */
export function ConfirmDelete({
  opened,
  title,
  text,
  isPending,
  onConfirm,
  onClose,
  confirmLabel,
  confirmColor = 'red.9',
  cancelLabel,
}: ConfirmDeleteProps) {
  const { i18n } = useLingui();
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A <div>, not Mantine's default <header>, which would read as a second banner landmark. */}
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={i18n._('Close')} />
        </Modal.Header>
        <Modal.Body>
          <Text mb="lg">{text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              {cancelLabel ?? i18n._('Keep it')}
            </Button>
            <Button color={confirmColor} onClick={onConfirm} loading={isPending}>
              {confirmLabel ?? i18n._('Yes, delete')}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
