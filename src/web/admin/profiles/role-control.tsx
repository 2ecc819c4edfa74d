import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminProfile } from '../../../shared/admin';
import { ConfirmDelete } from '../../app/confirm-delete';
import { FormAlert } from '../../app/form-alert';
import { useChangeRole } from '../admin-api';
import { whoOf } from './names';
import classes from '../admin.module.css';

/** Grant or revoke the admin role; ADMIN_EMAILS accounts are admins by configuration and say so. */
export function RoleControl({ profile: p }: { profile: AdminProfile }) {
  const [isConfirming, setConfirming] = useState(false);
  const mutation = useChangeRole(p.uid, { onSuccess: () => setConfirming(false) });
  const who = whoOf(p);
  if (p.isListedAdmin) {
    return (
      <Text size="sm" mt="md">
        <span className={classes.badge}>Admin</span> through ADMIN_EMAILS in the site's configuration: it stays an admin until it is removed
        there.
      </Text>
    );
  }
  const next = !p.isAdmin;
  return (
    <Group mt="md" gap="sm" align="center">
      <Text size="sm">{p.isAdmin ? `${who} is an admin.` : `${who} is not an admin.`}</Text>
      <Button size="xs" variant={next ? 'filled' : 'outline'} color={next ? undefined : 'red.9'} onClick={() => setConfirming(true)}>
        {next ? 'Make admin' : 'Remove admin'}
      </Button>
      <FormAlert message={mutation.error?.message} />
      <ConfirmDelete
        opened={isConfirming}
        title={next ? `Make ${who} an admin?` : `Remove ${who} as admin?`}
        text={
          next
            ? `${who} will see every profile, private fields included, and all sent mail, and can change these roles.`
            : `${who} will no longer reach the admin area.`
        }
        isPending={mutation.isPending}
        onConfirm={() => mutation.mutate(next)}
        onClose={() => setConfirming(false)}
        confirmLabel={next ? 'Yes, make admin' : 'Yes, remove'}
        confirmColor={next ? 'teal' : 'red.9'}
        cancelLabel="Cancel"
      />
    </Group>
  );
}
