import '@mantine/core/styles/Modal.layer.css';

import { Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CASEWORKER_STATUSES, NEED_REASON_MAX, type CaseworkerStatus } from '../../../shared/needs';
import { needReasonSchema, type AdminCaseworker } from '../../../shared/needs-approvals';
import { FormAlert } from '../../app/form-alert';
import { isApiRequestError } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date-time';
import { useLive } from '../../live';
import { useSchemaForm } from '../../lib/use-schema-form';
import { caseworkersQueryOptions, useApproveCaseworker, useDeclineCaseworker } from './needs-admin-api';
import { AdminSection } from '../admin-section';
import { Dialog } from '../churches/church-actions';
import { ReasonForm } from '../reason-form';
import { TableScroll } from '../table-scroll';
import classes from '../admin.module.css';

const STATUS_LABELS: Record<CaseworkerStatus, string> = { applied: 'Waiting', approved: 'Approved', declined: 'Declined' };
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Caseworkers (issue 26): applications waiting, oldest first, then those decided. Approve, or decline (an
 * application, or an approval withdrawn) with a reason the caseworker is sent.
 */
export default function CaseworkersPage() {
  useLive(['caseworkers']);
  const [status, setStatus] = useState<CaseworkerStatus | ''>('');
  const list = useQuery(caseworkersQueryOptions(status));
  const caseworkers = list.data?.caseworkers ?? [];
  return (
    <AdminSection
      title="Caseworkers"
      intro="People from child-welfare agencies who asked for a caseworker account. Check the work address against the agency before approving: each request they write then goes to their supervisor."
    >
      <Stack gap="md">
        <NativeSelect
          label="Show"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as CaseworkerStatus | '')}
          data={[{ value: '', label: 'Everyone' }, ...CASEWORKER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
          w={{ base: '100%', sm: 240 }}
        />
        {list.isPending ? <Loader aria-label="Loading the caseworkers" /> : null}
        {list.isError ? <FormAlert message="The caseworkers could not be loaded. Please try again later." /> : null}
        {list.isSuccess ? (
          <Text size="sm" role="status">
            {caseworkers.length === 0 ? 'No caseworker here.' : plural(caseworkers.length, 'caseworker')}
          </Text>
        ) : null}
        {caseworkers.length > 0 ? (
          <TableScroll label="Table of caseworkers">
            <table className={classes.table}>
              <thead>
                <tr>
                  <th scope="col">Caseworker</th>
                  <th scope="col">Agency and supervisor</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {caseworkers.map((c) => (
                  <CaseworkerRow key={c.uid} caseworker={c} />
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
      </Stack>
    </AdminSection>
  );
}

function CaseworkerRow({ caseworker: c }: { caseworker: AdminCaseworker }) {
  const approve = useApproveCaseworker(c.uid);
  return (
    <tr>
      <td>
        <strong>{c.name}</strong>
        <br />
        {c.email}
      </td>
      <td>
        {c.agency}
        <br />
        {c.supervisorName} ({c.supervisorEmail})
      </td>
      <td>
        {STATUS_LABELS[c.status]}
        <br />
        <Text span size="xs" c="dimmed">
          {c.status === 'applied'
            ? `applied ${formatDateTime(c.appliedAt)}, waiting ${plural(c.waitingDays ?? 0, 'day')}`
            : `${formatDateTime(c.decidedAt ?? c.appliedAt)}${c.declineReason ? `: ${c.declineReason}` : ''}`}
        </Text>
      </td>
      <td>
        <Group gap="xs">
          {c.status !== 'approved' ? (
            <Button size="xs" onClick={() => approve.mutate()} loading={approve.isPending} aria-label={`Approve ${c.name}`}>
              Approve
            </Button>
          ) : null}
          {c.status !== 'declined' ? <DeclineCaseworker caseworker={c} /> : null}
        </Group>
        {approve.error ? <FormAlert message={approve.error.message} /> : null}
      </td>
    </tr>
  );
}

function DeclineCaseworker({ caseworker: c }: { caseworker: AdminCaseworker }) {
  const [isOpen, setOpen] = useState(false);
  const f = useSchemaForm({ schema: needReasonSchema, initialValues: { reason: '' } });
  const decline = useDeclineCaseworker(c.uid, {
    onSuccess: () => setOpen(false),
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors?.reason ? undefined : error.message),
  });
  const verb = c.status === 'approved' ? 'Withdraw the approval of' : 'Decline';
  return (
    <>
      <Button size="xs" variant="outline" color="red.9" onClick={() => setOpen(true)} aria-label={`${verb} ${c.name}`}>
        {c.status === 'approved' ? 'Withdraw' : 'Decline'}
      </Button>
      <Dialog title={`${verb} ${c.name}?`} isOpen={isOpen} onClose={() => setOpen(false)}>
        <Text mb="md">{c.name} is sent the reason below, and may apply again.</Text>
        <ReasonForm
          f={f}
          onSend={(reason) => decline.mutate(reason)}
          description="Sent to the caseworker and kept in the activity log."
          maxLength={NEED_REASON_MAX}
          submitLabel={c.status === 'approved' ? 'Withdraw' : 'Decline'}
          isPending={decline.isPending}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}
