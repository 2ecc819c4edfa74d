import { Button, Group, Loader, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { mailPreviewDocument, type AdminMailSummary } from '../../shared/admin';
import { ConfirmDelete } from '../app/confirm-delete';
import { FormAlert } from '../app/form-alert';
import { formatDateTime } from '../lib/format-date-time';
import { mailDetailQueryOptions, useDeleteMail, useRetryMail } from './admin-api';
import classes from './admin.module.css';

/** One mail item: what, to whom, its delivery; the message itself on demand; retry and delete. */
export function MailItem({ item }: { item: AdminMailSummary }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const which = <VisuallyHidden>: {item.subject}</VisuallyHidden>;

  const remove = useDeleteMail(item.id, { onSuccess: () => setConfirming(false) });
  const retry = useRetryMail(item.id);
  const failure = remove.error ?? retry.error;

  return (
    <li className={classes.card} data-mail-id={item.id}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Title order={2} className={classes.cardTitle} id={`${id}-subject`}>
          {item.subject}
        </Title>
        <span className={classes.state} data-state={item.state}>
          <VisuallyHidden>Delivery state: </VisuallyHidden>
          {item.state}
        </span>
      </Group>
      <dl className={classes.meta}>
        <Meta term="Form">{item.form}</Meta>
        <Meta term="Date">{formatDateTime(item.date)}</Meta>
        <Meta term="To">{item.to}</Meta>
        <Meta term="Reply-To">{item.replyTo ?? '—'}</Meta>
        <Meta term="Attempts">{item.attempts}</Meta>
        <Meta term="Ended">{item.endTime ? formatDateTime(item.endTime) : '—'}</Meta>
      </dl>
      {item.error && item.state !== 'SUCCESS' ? (
        <p className={classes.error}>
          <strong>{item.state === 'ERROR' ? 'Failed: ' : 'Last attempt failed: '}</strong>
          {item.error}
        </p>
      ) : null}
      <FormAlert message={failure?.message} />
      <Group gap="xs" mt="sm">
        <Button variant="light" size="xs" aria-expanded={isOpen} aria-controls={`${id}-message`} onClick={() => setOpen((o) => !o)}>
          {isOpen ? 'Hide message' : 'Show message'}
          {which}
        </Button>
        {item.state === 'ERROR' ? (
          <Button size="xs" onClick={() => retry.mutate()} loading={retry.isPending}>
            Retry
            {which}
          </Button>
        ) : null}
        <Button size="xs" variant="outline" color="red.9" onClick={() => setConfirming(true)}>
          Delete
          {which}
        </Button>
      </Group>
      <div id={`${id}-message`}>{isOpen ? <MailMessage id={item.id} subject={item.subject} /> : null}</div>
      <ConfirmDelete
        opened={isConfirming}
        title="Delete this mail item?"
        text={`“${item.subject}” to ${item.to} and its delivery history will be removed for good. A message not yet sent will not be sent.`}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}

function Meta({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The text, the HTML part in a frame that runs and loads nothing, and the delivery history. */
function MailMessage({ id, subject }: { id: string; subject: string }) {
  const detail = useQuery(mailDetailQueryOptions(id));
  if (detail.isPending) return <Loader size="sm" mt="sm" aria-label="Loading the message" />;
  if (!detail.data) return <FormAlert message="This message could not be loaded (it may have been deleted)." />;
  const { text, html, events } = detail.data;
  return (
    <div>
      <Title order={3} size="h5" mt="md" mb={4}>
        Text
      </Title>
      <pre className={classes.text}>{text}</pre>
      <Title order={3} size="h5" mt="md" mb={4}>
        HTML
      </Title>
      {/* sandbox="" : no scripts, no same-origin access, no forms, popups or navigation of the page;
          the document's own policy (mailPreviewDocument) stops remote images, fonts and styles. */}
      <iframe
        className={classes.preview}
        sandbox=""
        srcDoc={mailPreviewDocument(html)}
        title={`HTML part of “${subject}”`}
        referrerPolicy="no-referrer"
      />
      <Title order={3} size="h5" mt="md" mb={4}>
        Delivery history
      </Title>
      <ol className={classes.events}>
        {events.map((e, i) => (
          <li key={i}>
            {formatDateTime(e.at)}: <strong>{e.state}</strong>
            {e.attempt ? ` (attempt ${e.attempt})` : ''}
            {e.detail ? ` — ${e.detail}` : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}
