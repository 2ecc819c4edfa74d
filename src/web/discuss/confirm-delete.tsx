import '@mantine/core/styles/Modal.layer.css';

import { Button, Group, Modal, Text } from '@mantine/core';

type ConfirmDeleteProps = {
  opened: boolean;
  title: string;
  text: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Deleting is for good: it asks first. */
export function ConfirmDelete({ opened, title, text, isPending, onConfirm, onClose }: ConfirmDeleteProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A <div>, not Mantine's default <header>, which would read as a second banner landmark. */}
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Text mb="lg">{text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              Keep it
            </Button>
            <Button color="red.9" onClick={onConfirm} loading={isPending}>
              Yes, delete
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
