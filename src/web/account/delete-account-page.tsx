import '@mantine/core/styles/Modal.layer.css';

import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, List, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { endSession } from '../app/flash-notice';
import { FormAlert } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { deleteAccount } from './account-api';

export default function DeleteAccountPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [isConfirming, confirm] = useDisclosure(false);
  const [error, setError] = useState<string>();

  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      confirm.close();
      await navigate('/', { replace: true, ...endSession(i18n._(MESSAGES.accountDeleted)) });
    },
    onError: () => {
      confirm.close();
      setError(i18n._(MESSAGES.deleteProfileFailed));
    },
  });

  return (
    <Page title={i18n._('Delete Account')} size="xs">
      <FormAlert message={error} />
      <FormCard>
        <Text mb="sm">{i18n._('Deleting your account removes, for good:')}</Text>
        <List mb="md" spacing={4}>
          <List.Item>{i18n._('your sign-in (email and password) and every session you have open;')}</List.Item>
          <List.Item>{i18n._('your profile, so you no longer appear in the member directory;')}</List.Item>
          <List.Item>{i18n._('your profile picture.')}</List.Item>
        </List>
        <Text mb="lg">{i18n._('This cannot be undone. To use the site again you would sign up anew.')}</Text>
        <Group justify="space-between">
          <Anchor component={Link} to="/dashboard">
            {i18n._('Cancel')}
          </Anchor>
          <Button color="red.9" onClick={confirm.open}>
            {i18n._('Delete my account')}
          </Button>
        </Group>
      </FormCard>

      <Modal.Root opened={isConfirming} onClose={confirm.close} centered>
        <Modal.Overlay />
        <Modal.Content>
          {/* A <div>, not Mantine's default <header>, which would read as a second banner landmark. */}
          <Modal.Header component="div">
            <Modal.Title>{i18n._('Delete your account?')}</Modal.Title>
            <Modal.CloseButton aria-label={i18n._('Close')} />
          </Modal.Header>
          <Modal.Body>
            <Text mb="lg">{i18n._('Your sign-in, profile and picture will be deleted now. This cannot be undone.')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={confirm.close} disabled={mutation.isPending}>
                {i18n._('Keep my account')}
              </Button>
              <Button color="red.9" onClick={() => mutation.mutate()} loading={mutation.isPending}>
                {i18n._('Yes, delete my account')}
              </Button>
            </Group>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Page>
  );
}
