import '@mantine/core/styles/Modal.layer.css';

import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NEED_REASON_MAX, needKindLabel, needUrgencyLabel } from '../../../shared/needs';
import { needReasonSchema, waitingLabel, type QueuedNeed } from '../../../shared/needs-approvals';
import { FormAlert } from '../../app/form-alert';
import { isApiRequestError } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date-time';
import { useLive } from '../../live';
import { useSchemaForm } from '../../lib/use-schema-form';
import { needQueueQueryOptions, useApproveNeed, useDeclineNeed } from './needs-admin-api';
import { AdminSection } from '../admin-section';
import { Dialog } from '../churches/church-actions';
import { ReasonForm } from '../reason-form';
import classes from '../admin.module.css';

const ASKED_AS: Record<QueuedNeed['askedAs'], string> = {
  family: 'a foster family',
  church: 'a church’s point person',
  caseworker: 'a caseworker',
  admin: 'an admin',
};

/**
 * Needs (issue 26): the requests waiting for approval, the longest waiting first, with the waiting time.
 * Approve puts one on the board; Edit opens the asker's edit page; Decline sends the asker a reason. A
 * caseworker's request waits for their supervisor's link, and shows here so the team sees it.
 */
export default function NeedsQueuePage() {
  useLive(['need-reviews']);
  const queue = useQuery(needQueueQueryOptions);
  const needs = queue.data?.needs ?? [];
  const forAdmins = needs.filter((n) => n.status === 'review');
  const withSupervisors = needs.filter((n) => n.status === 'supervisor');
  return (
    <AdminSection
      title="Needs"
      intro="Requests waiting for approval, the longest waiting first. Nothing is on the board before it is approved."
    >
      {queue.isPending ? <Loader aria-label="Loading the queue" /> : null}
      {queue.isError ? <FormAlert message="The queue could not be loaded. Please try again later." /> : null}
      {queue.isSuccess ? (
        <Stack gap="xl">
          <Stack gap="md">
            <Text size="sm" role="status">
              {forAdmins.length === 0
                ? 'No request waits for an admin.'
                : `${forAdmins.length} ${forAdmins.length === 1 ? 'request waits' : 'requests wait'} for an admin, the oldest first.`}
            </Text>
            <QueueList label="Requests waiting for an admin" needs={forAdmins} />
          </Stack>
          {withSupervisors.length > 0 ? (
            <Stack gap="md">
              <Text component="h2" fw={700} size="lg">
                Waiting for a caseworker’s supervisor
              </Text>
              <Text size="sm">Each goes on the board once the supervisor approves it from the mailed link; you may still decide here.</Text>
              <QueueList label="Requests waiting for a supervisor" needs={withSupervisors} />
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </AdminSection>
  );
}

function QueueList({ label, needs }: { label: string; needs: QueuedNeed[] }) {
  if (needs.length === 0) return null;
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
      {needs.map((n) => (
        <li key={n.id} className={classes.total} style={{ background: 'none' }}>
          <Text fw={700} component="h3" size="lg">
            {n.title}
          </Text>
          <Text size="sm">
            {needKindLabel(n.kind)} · {needUrgencyLabel(n.urgency)} · {n.city}, {n.state} {n.zip} · about $
            {n.totalValue.toLocaleString('en-US')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt={4}>
            {n.description}
          </Text>
          <ul style={{ margin: '4px 0 0', paddingLeft: '1.25rem' }}>
            {n.items.map((i) => (
              <li key={i.id}>
                <Text size="sm" span>
                  {i.name} × {i.quantity}, about ${i.unitValue} each{i.note ? ` (${i.note})` : ''}
                </Text>
              </li>
            ))}
          </ul>
          <Text size="sm" c="dimmed" mt={4}>
            Asked by {ASKED_AS[n.askedAs]}
            {n.asker ? `, ${n.asker.name} (${n.asker.email})` : ' whose account is gone'}
            {n.church ? ` for ${n.church.name}` : ''}
            {n.agency ? `, ${n.agency}` : ''}
            {n.supervisorName ? `; supervisor ${n.supervisorName}` : ''} on {formatDateTime(n.createdAt)} ·{' '}
            <strong>waiting {waitingLabel(n.waitingHours)}</strong>
          </Text>
          <Group gap="xs" mt="sm">
            <ApproveNeed need={n} />
            <Button size="xs" variant="outline" component={Link} to={`/needs/${n.id}/edit`}>
              Edit
            </Button>
            <DeclineNeed need={n} />
          </Group>
        </li>
      ))}
    </ul>
  );
}

function ApproveNeed({ need }: { need: QueuedNeed }) {
  const approve = useApproveNeed(need.id);
  return (
    <>
      <Button size="xs" onClick={() => approve.mutate()} loading={approve.isPending} aria-label={`Approve ${need.title}`}>
        Approve
      </Button>
      {approve.error ? <FormAlert message={approve.error.message} /> : null}
    </>
  );
}

function DeclineNeed({ need }: { need: QueuedNeed }) {
  const [isOpen, setOpen] = useState(false);
  const f = useSchemaForm({ schema: needReasonSchema, initialValues: { reason: '' } });
  const decline = useDeclineNeed(need.id, {
    onSuccess: () => setOpen(false),
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors?.reason ? undefined : error.message),
  });
  return (
    <>
      <Button size="xs" variant="outline" color="red.9" onClick={() => setOpen(true)} aria-label={`Decline ${need.title}`}>
        Decline
      </Button>
      <Dialog title={`Decline “${need.title}”?`} isOpen={isOpen} onClose={() => setOpen(false)}>
        <Text mb="md">
          It does not go on the board. {need.asker ? `${need.asker.name} is sent the reason below.` : ''}{' '}
          <Anchor component={Link} to={`/needs/${need.id}/edit`}>
            Edit it instead
          </Anchor>{' '}
          if a detail is all that is wrong.
        </Text>
        <ReasonForm
          f={f}
          onSend={(reason) => decline.mutate(reason)}
          description="Sent to whoever asked and kept in the activity log."
          maxLength={NEED_REASON_MAX}
          submitLabel="Decline"
          isPending={decline.isPending}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}
