import '@mantine/core/styles/Modal.layer.css';

import { useLingui } from '@lingui/react';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CHURCH_DECLINE_REASON_MAX, CHURCH_POINT_PERSONS_MAX, churchDeclineSchema } from '../../../shared/churches';
import type { AdminChurch } from '../../../shared/churches-admin';
import { FormAlert } from '../../app/form-alert';
import { isApiRequestError } from '../../lib/api';
import { useSchemaForm } from '../../lib/use-schema-form';
import { ReasonForm } from '../reason-form';
import { ChurchForm } from './church-form';
import {
  adminChurchListQueryOptions,
  memberSearchQueryOptions,
  useApproveChurch,
  useArchiveChurch,
  useDeclineChurch,
  useMergeChurch,
  useRestoreChurch,
  useSetPointPersons,
  useUpdateChurch,
} from './churches-admin-api';

/** A dialog opened by a button, titled, closed by Escape or its close button. */
export function Dialog({
  title,
  isOpen,
  onClose,
  size,
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  size?: string;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <Modal.Root opened={isOpen} onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={i18n._('Close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** Approve at once, or complete the fields (the street address a proposal lacks) and approve. */
export function ApproveActions({ church }: { church: AdminChurch }) {
  const { i18n } = useLingui();
  const [isEditing, setEditing] = useState(false);
  const approve = useApproveChurch(church.id, { onSuccess: () => setEditing(false) });
  return (
    <>
      <Button size="xs" onClick={() => approve.mutate(undefined)} loading={approve.isPending && !isEditing}>
        {i18n._('Approve {name}', { name: church.name })}
      </Button>
      <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
        {i18n._('Edit, then approve')}
      </Button>
      {!isEditing && approve.error ? <FormAlert message={approve.error.message} /> : null}
      <Dialog title={i18n._('Approve {name}', { name: church.name })} isOpen={isEditing} onClose={() => setEditing(false)} size="lg">
        <ChurchForm
          church={church}
          submitLabel={i18n._('Approve')}
          isPending={approve.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(fields, fail) => approve.mutate(fields, { onError: fail })}
        />
      </Dialog>
    </>
  );
}

export function EditChurch({ church }: { church: AdminChurch }) {
  const { i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const update = useUpdateChurch(church.id, { onSuccess: () => setOpen(false) });
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)}>
        {i18n._('Edit {name}', { name: church.name })}
      </Button>
      <Dialog title={i18n._('Edit {name}', { name: church.name })} isOpen={isOpen} onClose={() => setOpen(false)} size="lg">
        <ChurchForm
          church={church}
          submitLabel={i18n._('Save')}
          isPending={update.isPending}
          onCancel={() => setOpen(false)}
          onSubmit={(fields, fail) => update.mutate(fields, { onError: fail })}
        />
      </Dialog>
    </>
  );
}

/** Decline a proposal with the reason its proposer is sent. */
export function DeclineChurch({ church }: { church: AdminChurch }) {
  const { i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const f = useSchemaForm({ schema: churchDeclineSchema, initialValues: { reason: '' } });
  const decline = useDeclineChurch(church.id, {
    onSuccess: () => setOpen(false),
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors?.reason ? undefined : error.message),
  });
  return (
    <>
      <Button size="xs" variant="outline" color="red.9" onClick={() => setOpen(true)}>
        {i18n._('Decline')}
      </Button>
      <Dialog title={i18n._('Decline {name}?', { name: church.name })} isOpen={isOpen} onClose={() => setOpen(false)}>
        <Text mb="md">
          {i18n._('The proposal is deleted with the claims on it.')}{' '}
          {church.proposer ? i18n._('{name} is sent the reason below.', { name: church.proposer.name }) : ''}
        </Text>
        <ReasonForm
          f={f}
          onSend={(reason) => decline.mutate(reason)}
          description={i18n._('Sent to the member who proposed it and kept in the activity log.')}
          maxLength={CHURCH_DECLINE_REASON_MAX}
          submitLabel={i18n._('Decline')}
          isPending={decline.isPending}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

/** Merge into a church of the network, found by name, city or ZIP code. */
export function MergeChurch({ church }: { church: AdminChurch }) {
  const { i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [into, setInto] = useState('');
  const found = useInfiniteQuery({
    ...adminChurchListQueryOptions({ q, status: 'active', state: '' }),
    enabled: isOpen && q.trim().length >= 2,
  });
  const choices = (found.data?.pages.flatMap((p) => p.churches) ?? []).filter((c) => c.id !== church.id);
  const merge = useMergeChurch(church.id, { onSuccess: () => setOpen(false) });
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)}>
        {i18n._('Merge into…')}
      </Button>
      <Dialog title={i18n._('Merge {name} into…', { name: church.name })} isOpen={isOpen} onClose={() => setOpen(false)}>
        <Stack gap="sm">
          <Text size="sm">
            {i18n._(
              'Its members and point persons (up to three in all) move to the church you choose, with their figures; then this one is deleted.',
            )}
          </Text>
          <TextInput
            label={i18n._('Find a church')}
            description={i18n._('Name, city or ZIP code')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            data-autofocus
          />
          <NativeSelect
            label={i18n._('Church to merge into')}
            value={into}
            onChange={(e) => setInto(e.currentTarget.value)}
            data={[
              { value: '', label: choices.length ? i18n._('Choose a church') : i18n._('Type to find a church') },
              ...choices.map((c) => ({ value: String(c.id), label: `${c.name} (${c.city}, ${c.state} ${c.zip})` })),
            ]}
          />
          <FormAlert message={merge.error?.message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {i18n._('Cancel')}
            </Button>
            <Button disabled={!into} loading={merge.isPending} onClick={() => merge.mutate(Number(into))}>
              {i18n._('Merge')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

export function ArchiveOrRestore({ church }: { church: AdminChurch }) {
  const { i18n } = useLingui();
  const archive = useArchiveChurch(church.id);
  const restore = useRestoreChurch(church.id);
  if (church.status === 'proposed') return null;
  const change = church.status === 'active' ? archive : restore;
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        color={church.status === 'active' ? 'red.9' : undefined}
        onClick={() => change.mutate()}
        loading={change.isPending}
      >
        {church.status === 'active' ? i18n._('Archive {name}', { name: church.name }) : i18n._('Restore {name}', { name: church.name })}
      </Button>
      <FormAlert message={change.error?.message} />
    </>
  );
}

/** The church's one to three point persons: remove one, or add a member found by name or address. */
export function PointPersons({ church }: { church: AdminChurch }) {
  const { i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const [chosen, setChosen] = useState(church.pointPersons);
  const [q, setQ] = useState('');
  const found = useQuery({ ...memberSearchQueryOptions(q), enabled: isOpen && q.trim().length >= 2 });
  const save = useSetPointPersons(church.id, { onSuccess: () => setOpen(false) });
  const open = () => {
    setChosen(church.pointPersons);
    setQ('');
    save.reset();
    setOpen(true);
  };
  const candidates = (found.data?.profiles ?? []).filter((p) => p.savedAt && !chosen.some((c) => c.uid === p.uid)).slice(0, 8);
  const isFull = chosen.length >= CHURCH_POINT_PERSONS_MAX;
  return (
    <>
      <Button size="xs" variant="outline" onClick={open}>
        {i18n._('Point persons')}
      </Button>
      <Dialog title={i18n._('Point persons of {name}', { name: church.name })} isOpen={isOpen} onClose={() => setOpen(false)}>
        <Stack gap="sm">
          <Text size="sm">{i18n._("One to three members keep the church's page; each becomes a confirmed member of it.")}</Text>
          <ul aria-label={i18n._('Point persons chosen')} style={{ margin: 0, paddingLeft: '1.2rem' }}>
            {chosen.map((p) => (
              <li key={p.uid}>
                {p.name} ({p.email}){' '}
                <Button size="compact-xs" variant="subtle" color="red.9" onClick={() => setChosen(chosen.filter((c) => c.uid !== p.uid))}>
                  {i18n._('Remove {name}', { name: p.name })}
                </Button>
              </li>
            ))}
            {chosen.length === 0 ? <li>{i18n._('None yet')}</li> : null}
          </ul>
          <TextInput
            label={i18n._('Find a member')}
            description={
              isFull
                ? i18n._('A church has at most three point persons: remove one first.')
                : i18n._('Name or email; at least 2 characters')
            }
            value={q}
            disabled={isFull}
            onChange={(e) => setQ(e.currentTarget.value)}
            data-autofocus
          />
          {candidates.length > 0 && !isFull ? (
            <ul aria-label={i18n._('Members found')} style={{ margin: 0, paddingLeft: '1.2rem' }}>
              {candidates.map((p) => {
                const name = [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email;
                return (
                  <li key={p.uid}>
                    {name} ({p.email}){' '}
                    <Button size="compact-xs" variant="subtle" onClick={() => setChosen([...chosen, { uid: p.uid, name, email: p.email }])}>
                      {i18n._('Add {name}', { name })}
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <FormAlert message={save.error?.message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {i18n._('Cancel')}
            </Button>
            <Button disabled={chosen.length === 0} loading={save.isPending} onClick={() => save.mutate(chosen.map((p) => p.uid))}>
              {i18n._('Save point persons')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
