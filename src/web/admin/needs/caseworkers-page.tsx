import '@mantine/core/styles/Modal.layer.css';

import { Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
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

const STATUS_LABELS: Record<CaseworkerStatus, string> = {
  applied: /*i18n*/ 'Waiting',
  approved: /*i18n*/ 'Approved',
  declined: /*i18n*/ 'Declined',
};

/**
 * Caseworkers (issue 26): applications waiting, oldest first, then those decided. Approve, or decline (an
 * application, or an approval withdrawn) with a reason the caseworker is sent.
 */
export default function CaseworkersPage() {
  useLive(['caseworkers']);
  const [status, setStatus] = useState<CaseworkerStatus | ''>('');
  const list = useQuery(caseworkersQueryOptions(status));
  const caseworkers = list.data?.caseworkers ?? [];
  const { i18n } = useLingui();
  return (
    <AdminSection
      title={i18n._('Caseworkers')}
      intro={i18n._(
        'People from child-welfare agencies who asked for a caseworker account. Check the work address against the agency before approving: each request they write then goes to their supervisor.',
      )}
    >
      <Stack gap="md">
        <NativeSelect
          label={i18n._('Show')}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as CaseworkerStatus | '')}
          data={[
            { value: '', label: i18n._('Everyone') },
            ...CASEWORKER_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) })),
          ]}
          w={{ base: '100%', sm: 240 }}
        />
        {list.isPending ? <Loader aria-label={i18n._('Loading the caseworkers')} /> : null}
        {list.isError ? <FormAlert message={i18n._('The caseworkers could not be loaded. Please try again later.')} /> : null}
        {list.isSuccess ? (
          <Text size="sm" role="status">
            {caseworkers.length === 0
              ? i18n._('No caseworker here.')
              : i18n._('{count, plural, one {# caseworker} other {# caseworkers}}', { count: caseworkers.length })}
          </Text>
        ) : null}
        {caseworkers.length > 0 ? (
          <TableScroll label={i18n._('Table of caseworkers')}>
            <table className={classes.table}>
              <thead>
                <tr>
                  <th scope="col">{i18n._('Caseworker')}</th>
                  <th scope="col">{i18n._('Agency and supervisor')}</th>
                  <th scope="col">{i18n._('Status')}</th>
                  <th scope="col">{i18n._('Actions')}</th>
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
  const { i18n } = useLingui();
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
        {i18n._(STATUS_LABELS[c.status])}
        <br />
        <Text span size="xs" c="dimmed">
          {c.status === 'applied'
            ? i18n._('applied {date}, waiting {days, plural, one {# day} other {# days}}', {
                date: formatDateTime(c.appliedAt),
                days: c.waitingDays ?? 0,
              })
            : c.declineReason
              ? i18n._('{date}: {reason}', { date: formatDateTime(c.decidedAt ?? c.appliedAt), reason: c.declineReason })
              : formatDateTime(c.decidedAt ?? c.appliedAt)}
        </Text>
      </td>
      <td>
        <Group gap="xs">
          {c.status !== 'approved' ? (
            <Button
              size="xs"
              onClick={() => approve.mutate()}
              loading={approve.isPending}
              aria-label={i18n._('Approve {name}', { name: c.name })}
            >
              {i18n._('Approve')}
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
  const { i18n } = useLingui();
  const isApproved = c.status === 'approved';
  const label = isApproved ? i18n._('Withdraw the approval of {name}', { name: c.name }) : i18n._('Decline {name}', { name: c.name });
  const title = isApproved ? i18n._('Withdraw the approval of {name}?', { name: c.name }) : i18n._('Decline {name}?', { name: c.name });
  // Not plain "Withdraw": the catalog's Spanish for that is a member withdrawing their own commitment.
  const submitLabel = isApproved ? i18n._('Withdraw approval') : i18n._('Decline');
  return (
    <>
      <Button size="xs" variant="outline" color="red.9" onClick={() => setOpen(true)} aria-label={label}>
        {submitLabel}
      </Button>
      <Dialog title={title} isOpen={isOpen} onClose={() => setOpen(false)}>
        <Text mb="md">{i18n._('{name} is sent the reason below, and may apply again.', { name: c.name })}</Text>
        <ReasonForm
          f={f}
          onSend={(reason) => decline.mutate(reason)}
          description={i18n._('Sent to the caseworker and kept in the activity log.')}
          maxLength={NEED_REASON_MAX}
          submitLabel={submitLabel}
          isPending={decline.isPending}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}
