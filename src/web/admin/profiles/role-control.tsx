import { Button, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react';
import { useState } from 'react';
import type { AdminProfile } from '../../../shared/admin';
import { ConfirmDelete } from '../../app/confirm-delete';
import { FormAlert } from '../../app/form-alert';
import { useChangeRole } from '../admin-api';
import { whoOf } from './names';
import classes from '../admin.module.css';

/** Grant or revoke the admin role; ADMIN_EMAILS accounts are admins by configuration and say so. */
export function RoleControl({ profile: p }: { profile: AdminProfile }) {
  const { i18n } = useLingui();
  const [isConfirming, setConfirming] = useState(false);
  const mutation = useChangeRole(p.uid, { onSuccess: () => setConfirming(false) });
  const who = whoOf(p);
  if (p.isListedAdmin) {
    return (
      <Text size="sm" mt="md">
        <Trans
          id="<0>Admin</0> through ADMIN_EMAILS in the site's configuration: it stays an admin until it is removed there."
          components={{ 0: <span className={classes.badge} /> }}
        />
      </Text>
    );
  }
  const next = !p.isAdmin;
  return (
    <Group mt="md" gap="sm" align="center">
      <Text size="sm">{p.isAdmin ? i18n._('{who} is an admin.', { who }) : i18n._('{who} is not an admin.', { who })}</Text>
      <Button size="xs" variant={next ? 'filled' : 'outline'} color={next ? undefined : 'red.9'} onClick={() => setConfirming(true)}>
        {next ? i18n._('Make admin') : i18n._('Remove admin')}
      </Button>
      <FormAlert message={mutation.error?.message} />
      <ConfirmDelete
        opened={isConfirming}
        title={next ? i18n._('Make {who} an admin?', { who }) : i18n._('Remove {who} as admin?', { who })}
        text={
          next
            ? i18n._('{who} will see every profile, private fields included, and all sent mail, and can change these roles.', { who })
            : i18n._('{who} will no longer reach the admin area.', { who })
        }
        isPending={mutation.isPending}
        onConfirm={() => mutation.mutate(next)}
        onClose={() => setConfirming(false)}
        confirmLabel={next ? i18n._('Yes, make admin') : i18n._('Yes, remove')}
        confirmColor={next ? 'teal' : 'red.9'}
        cancelLabel={i18n._('Cancel')}
      />
    </Group>
  );
}
