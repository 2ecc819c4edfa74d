import '@mantine/core/styles/Modal.layer.css';

import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NEED_REASON_MAX, needKindLabel, needUrgencyLabel } from '../../../shared/needs';
import { needReasonSchema, waitingLabel, type QueuedNeed } from '../../../shared/needs-approvals';
import { FormAlert } from '../../app/form-alert';
import { isApiRequestError } from '../../lib/api';
import { useLive } from '../../live';
import { useSchemaForm } from '../../lib/use-schema-form';
import { needQueueQueryOptions, useApproveNeed, useDeclineNeed } from './needs-admin-api';
import { AdminSection } from '../admin-section';
import { Dialog } from '../churches/church-actions';
import { ReasonForm } from '../reason-form';
import { dateTime, dollars, itemLine } from '../../needs';
import classes from '../admin.module.css';
import { LanguageBadge, useWrittenLang } from '../../app/content-language';

const ASKED_AS: Record<QueuedNeed['askedAs'], string> = {
  family: /*i18n*/ 'a foster family',
  church: /*i18n*/ 'a church’s point person',
  caseworker: /*i18n*/ 'a caseworker',
  admin: /*i18n*/ 'an admin',
};

/**
 * Needs (issue 26): the requests waiting for approval, the longest waiting first, with the waiting time.
 * Approve puts one on the board; Edit opens the asker's edit page; Decline sends the asker a reason. A
 * caseworker's request waits for their supervisor's link, and shows here so the team sees it.
 */
export default function NeedsQueuePage() {
  const { i18n } = useLingui();
  useLive(['need-reviews']);
  const queue = useQuery(needQueueQueryOptions);
  const needs = queue.data?.needs ?? [];
  const forAdmins = needs.filter((n) => n.status === 'review');
  const withSupervisors = needs.filter((n) => n.status === 'supervisor');
  return (
    <AdminSection
      title={i18n._('Needs')}
      intro={i18n._('Requests waiting for approval, the longest waiting first. Nothing is on the board before it is approved.')}
    >
      {queue.isPending ? <Loader aria-label={i18n._('Loading the queue')} /> : null}
      {queue.isError ? <FormAlert message={i18n._('The queue could not be loaded. Please try again later.')} /> : null}
      {queue.isSuccess ? (
        <Stack gap="xl">
          <Stack gap="md">
            <Text size="sm" role="status">
              {forAdmins.length === 0
                ? i18n._('No request waits for an admin.')
                : i18n._('{count, plural, one {# request waits} other {# requests wait}} for an admin, the oldest first.', {
                    count: forAdmins.length,
                  })}
            </Text>
            <QueueList label={i18n._('Requests waiting for an admin')} needs={forAdmins} />
          </Stack>
          {withSupervisors.length > 0 ? (
            <Stack gap="md">
              <Text component="h2" fw={700} size="lg">
                {i18n._('Waiting for a caseworker’s supervisor')}
              </Text>
              <Text size="sm">
                {i18n._('Each goes on the board once the supervisor approves it from the mailed link; you may still decide here.')}
              </Text>
              <QueueList label={i18n._('Requests waiting for a supervisor')} needs={withSupervisors} />
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </AdminSection>
  );
}

function QueueList({ label, needs }: { label: string; needs: QueuedNeed[] }) {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  if (needs.length === 0) return null;
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
      {needs.map((n) => (
        <li key={n.id} className={classes.total} style={{ background: 'none' }}>
          <Text fw={700} component="h3" size="lg" lang={writtenLang(n.language)}>
            {n.title}
          </Text>
          <LanguageBadge language={n.language} />
          <Text size="sm">
            {i18n._(needKindLabel(n.kind))} · {i18n._(needUrgencyLabel(n.urgency))} · {n.city}, {n.state} {n.zip}
            {n.totalValue > 0 ? ` · ${i18n._('about {value}', { value: dollars(i18n, n.totalValue) })}` : null}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt={4} lang={writtenLang(n.language)}>
            {n.description}
          </Text>
          <ul style={{ margin: '4px 0 0', paddingLeft: '1.25rem' }}>
            {n.items.map((i) => (
              <li key={i.id}>
                <Text size="sm" span>
                  {itemLine(i18n, i)}
                  {i.note ? ` (${i.note})` : ''}
                </Text>
              </li>
            ))}
          </ul>
          <Text size="sm" c="dimmed" mt={4}>
            {i18n._('Asked by {who}', { who: i18n._(ASKED_AS[n.askedAs]) })}
            {n.asker ? `, ${n.asker.name} (${n.asker.email})` : ` ${i18n._('whose account is gone')}`}
            {n.church ? ` ${i18n._('for {church}', { church: n.church.name })}` : ''}
            {n.agency ? `, ${n.agency}` : ''}
            {n.supervisorName ? `; ${i18n._('supervisor {name}', { name: n.supervisorName })}` : ''}{' '}
            {i18n._('on {when}', { when: dateTime(i18n, n.createdAt) })} ·{' '}
            <strong>{i18n._('waiting {time}', { time: waitingLabel(i18n, n.waitingHours) })}</strong>
          </Text>
          <Group gap="xs" mt="sm">
            <ApproveNeed need={n} />
            <Button size="xs" variant="outline" component={Link} to={`/needs/${n.id}/edit`}>
              {i18n._('Edit')}
            </Button>
            <DeclineNeed need={n} />
          </Group>
        </li>
      ))}
    </ul>
  );
}

function ApproveNeed({ need }: { need: QueuedNeed }) {
  const { i18n } = useLingui();
  const approve = useApproveNeed(need.id);
  return (
    <>
      <Button
        size="xs"
        onClick={() => approve.mutate()}
        loading={approve.isPending}
        aria-label={i18n._('Approve {title}', { title: need.title })}
      >
        {i18n._('Approve')}
      </Button>
      {approve.error ? <FormAlert message={approve.error.message} /> : null}
    </>
  );
}

function DeclineNeed({ need }: { need: QueuedNeed }) {
  const { i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const f = useSchemaForm({ schema: needReasonSchema, initialValues: { reason: '' } });
  const decline = useDeclineNeed(need.id, {
    onSuccess: () => setOpen(false),
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors?.reason ? undefined : error.message),
  });
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        onClick={() => setOpen(true)}
        aria-label={i18n._('Decline {title}', { title: need.title })}
      >
        {i18n._('Decline')}
      </Button>
      <Dialog title={i18n._('Decline “{title}”?', { title: need.title })} isOpen={isOpen} onClose={() => setOpen(false)}>
        <Text mb="md">
          {i18n._('It does not go on the board.')} {need.asker ? i18n._('{name} is sent the reason below.', { name: need.asker.name }) : ''}{' '}
          <Trans
            id="<0>Edit it instead</0> if a detail is all that is wrong."
            components={{ 0: <Anchor component={Link} to={`/needs/${need.id}/edit`} /> }}
          />
        </Text>
        <ReasonForm
          f={f}
          onSend={(reason) => decline.mutate(reason)}
          description={i18n._('Sent to whoever asked and kept in the activity log.')}
          maxLength={NEED_REASON_MAX}
          submitLabel={i18n._('Decline')}
          isPending={decline.isPending}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}
