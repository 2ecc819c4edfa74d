import '@mantine/core/styles/Modal.layer.css';

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react';
import { useState } from 'react';
import { SUSPENSION_REASON_MAX, suspensionSchema, type AdminProfile } from '../../../shared/admin';
import { FormAlert } from '../../app/form-alert';
import { isApiRequestError } from '../../lib/api';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useLiftSuspension, useSuspendMember } from '../admin-api';
import { ReasonForm } from '../reason-form';
import { DATE_TIME } from '../formats';
import { whoOf } from './names';

/**
 * Suspend a member, with the reason they are sent, or lift it. Admins are not suspended (the server says
 * so too): revoke the role first.
 */
export function SuspensionControl({ profile: p }: { profile: AdminProfile }) {
  if (p.suspendedAt) return <LiftSuspension profile={p} suspendedAt={p.suspendedAt} />;
  if (p.isAdmin) return null;
  return <Suspend profile={p} />;
}

function LiftSuspension({ profile: p, suspendedAt }: { profile: AdminProfile; suspendedAt: string }) {
  const { i18n } = useLingui();
  const lifting = useLiftSuspension(p.uid);
  return (
    <Stack mt="md" gap="xs">
      <Text size="sm">
        <Trans
          id="<0>Suspended</0> on {date}. Reason: {reason}"
          values={{ date: i18n.date(suspendedAt, DATE_TIME), reason: p.suspensionReason }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <Group gap="sm">
        <Button size="xs" variant="outline" onClick={() => lifting.mutate()} loading={lifting.isPending}>
          {i18n._('Lift the suspension of {who}', { who: whoOf(p) })}
        </Button>
      </Group>
      <FormAlert message={lifting.error?.message} />
    </Stack>
  );
}

function Suspend({ profile: p }: { profile: AdminProfile }) {
  const { i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const f = useSchemaForm({ schema: suspensionSchema, initialValues: { reason: '' } });
  const who = whoOf(p);
  const suspension = useSuspendMember(p.uid, {
    onSuccess: () => {
      setOpen(false);
      f.reset();
    },
    // A refused reason shows beside it; anything else above the buttons.
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors?.reason ? undefined : error.message),
  });
  return (
    <Group mt="md" gap="sm" align="center">
      <Button size="xs" variant="outline" color="red.9" onClick={() => setOpen(true)}>
        {i18n._('Suspend {who}', { who })}
      </Button>
      <Modal.Root opened={isOpen} onClose={() => setOpen(false)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title>{i18n._('Suspend {who}?', { who })}</Modal.Title>
            <Modal.CloseButton aria-label={i18n._('Close')} />
          </Modal.Header>
          <Modal.Body>
            <Text mb="md">
              {i18n._(
                'Their sessions end at once, they cannot sign in, they leave the directory and members cannot write to them. What they wrote stays. They are told by mail, with the reason below.',
              )}
            </Text>
            <ReasonForm
              f={f}
              onSend={(reason) => suspension.mutate(reason)}
              description={i18n._('Sent to the member and kept in the activity log.')}
              maxLength={SUSPENSION_REASON_MAX}
              submitLabel={i18n._('Suspend')}
              isPending={suspension.isPending}
              onCancel={() => setOpen(false)}
            />
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Group>
  );
}
