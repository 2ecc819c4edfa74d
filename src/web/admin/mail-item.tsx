import { Button, Group, Loader, Title, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { mailPreviewDocument, type AdminMailSummary } from '../../shared/admin';
import { ConfirmDelete } from '../app/confirm-delete';
import { FormAlert } from '../app/form-alert';
import { mailDetailQueryOptions, useDeleteMail, useRetryMail } from './admin-api';
import { DATE_TIME } from './formats';
import classes from './admin.module.css';

/** One mail item: what, to whom, its delivery; the message itself on demand; retry and delete. */
export function MailItem({ item }: { item: AdminMailSummary }) {
  const { i18n } = useLingui();
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
          <VisuallyHidden>{i18n._('Delivery state:')} </VisuallyHidden>
          {item.state}
        </span>
      </Group>
      <dl className={classes.meta}>
        <Meta term={i18n._('Form')}>{item.form}</Meta>
        <Meta term={i18n._('Date')}>{i18n.date(item.date, DATE_TIME)}</Meta>
        <Meta term={i18n._('To')}>{item.to}</Meta>
        <Meta term={i18n._('Reply-To')}>{item.replyTo ?? '—'}</Meta>
        <Meta term={i18n._('Attempts')}>{i18n.number(item.attempts)}</Meta>
        <Meta term={i18n._('Ended')}>{item.endTime ? i18n.date(item.endTime, DATE_TIME) : '—'}</Meta>
      </dl>
      {item.error && item.state !== 'SUCCESS' ? (
        <p className={classes.error}>
          <strong>{item.state === 'ERROR' ? i18n._('Failed:') : i18n._('Last attempt failed:')} </strong>
          {item.error}
        </p>
      ) : null}
      <FormAlert message={failure?.message} />
      <Group gap="xs" mt="sm">
        <Button variant="light" size="xs" aria-expanded={isOpen} aria-controls={`${id}-message`} onClick={() => setOpen((o) => !o)}>
          {isOpen ? i18n._('Hide message') : i18n._('Show message')}
          {which}
        </Button>
        {item.state === 'ERROR' ? (
          <Button size="xs" onClick={() => retry.mutate()} loading={retry.isPending}>
            {i18n._('Retry')}
            {which}
          </Button>
        ) : null}
        <Button size="xs" variant="outline" color="red.9" onClick={() => setConfirming(true)}>
          {i18n._('Delete')}
          {which}
        </Button>
      </Group>
      <div id={`${id}-message`}>{isOpen ? <MailMessage id={item.id} subject={item.subject} /> : null}</div>
      <ConfirmDelete
        opened={isConfirming}
        title={i18n._('Delete this mail item?')}
        text={i18n._('“{subject}” to {to} and its delivery history will be removed for good. A message not yet sent will not be sent.', {
          subject: item.subject,
          to: item.to,
        })}
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
  const { i18n } = useLingui();
  const detail = useQuery(mailDetailQueryOptions(id));
  if (detail.isPending) return <Loader size="sm" mt="sm" aria-label={i18n._('Loading the message')} />;
  if (!detail.data) return <FormAlert message={i18n._('This message could not be loaded (it may have been deleted).')} />;
  const { text, html, events } = detail.data;
  return (
    <div>
      <Title order={3} size="h5" mt="md" mb={4}>
        {i18n._('Text')}
      </Title>
      <pre className={classes.text}>{text}</pre>
      <Title order={3} size="h5" mt="md" mb={4}>
        {i18n._('HTML')}
      </Title>
      {/* sandbox="" : no scripts, no same-origin access, no forms, popups or navigation of the page;
          the document's own policy (mailPreviewDocument) stops remote images, fonts and styles. */}
      <iframe
        className={classes.preview}
        sandbox=""
        srcDoc={mailPreviewDocument(html)}
        title={i18n._('HTML part of “{subject}”', { subject })}
        referrerPolicy="no-referrer"
      />
      <Title order={3} size="h5" mt="md" mb={4}>
        {i18n._('Delivery history')}
      </Title>
      <ol className={classes.events}>
        {events.map((e, i) => (
          <li key={i}>
            {i18n.date(e.at, DATE_TIME)}: <strong>{e.state}</strong>
            {e.attempt ? ` ${i18n._('(attempt {attempt})', { attempt: e.attempt })}` : ''}
            {e.detail ? ` — ${e.detail}` : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}
