import { Button, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { NEED_REASON_MAX, needKindLabel, needUrgencyLabel } from '../../shared/needs';
import { needReasonSchema, type SupervisorRequest } from '../../shared/needs-approvals';
import { LanguageBadge, useWrittenLang } from '../app/content-language';
import { FormActions } from '../app/form-actions';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { supervisorRequestQueryOptions, useSupervisorDecision } from './approvals-api';
import { dateTime, itemLine } from '../needs';

const FAILED = /*i18n*/ 'The request could not be loaded just now. Please try again in a moment.';

/** The server's words for a link it refuses (used, expired, never made); ours when there was no answer. */
function messageOf(i18n: I18n, error: unknown): string {
  return isApiRequestError(error) && error.status >= 400 && error.status < 500 ? error.message : i18n._(FAILED);
}

/**
 * /needs/approve/:token (issue 26): where a caseworker's supervisor lands from the mail. No sign-in, and it signs
 * nobody in: the single-use link is the proof. Opening it changes nothing (mail scanners open links); the
 * buttons do, once.
 */
export default function SupervisorPage() {
  const { i18n } = useLingui();
  const token = useParams().token ?? '';
  const request = useQuery(supervisorRequestQueryOptions(token));
  const [decided, setDecided] = useState<'open' | 'declined' | null>(null);
  return (
    <Page title={i18n._('Approve a request for a foster family')} size="sm">
      {request.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{i18n._('Reading the link…')}</Text>
        </Group>
      ) : null}
      {decided === 'open' ? (
        <FormSuccess
          message={i18n._('Thank you: the request is approved. It goes to the churches near the family now, and the caseworker is told.')}
        />
      ) : decided === 'declined' ? (
        <FormSuccess message={i18n._('Thank you: the request is declined, and the caseworker is sent your reason.')} />
      ) : request.isError ? (
        <FormAlert message={messageOf(i18n, request.error)} />
      ) : request.data ? (
        <Decision token={token} request={request.data} onDecided={setDecided} />
      ) : null}
    </Page>
  );
}

function Decision({
  token,
  request,
  onDecided,
}: {
  token: string;
  request: SupervisorRequest;
  onDecided: (s: 'open' | 'declined') => void;
}) {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  const [isDeclining, setDeclining] = useState(false);
  const f = useSchemaForm({ schema: needReasonSchema, initialValues: { reason: '' } });
  const decide = useSupervisorDecision(token, {
    onSuccess: ({ status }) => onDecided(status),
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors ? undefined : error.message),
  });
  return (
    <Stack gap="md">
      <Text>
        {i18n._(
          'Dear {name}, {caseworker} ({agency}) wrote this request and named you as their supervisor. It goes to the churches near the family only once you approve it.',
          { name: request.supervisorName, caseworker: request.caseworker.name, agency: request.caseworker.agency },
        )}
      </Text>
      <FormCard>
        <Stack gap="xs">
          <Title order={2} size="h3" lang={writtenLang(request.language)}>
            {request.title}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {i18n._(needKindLabel(request.kind))} · {i18n._(needUrgencyLabel(request.urgency))} · {request.city}, {request.state}
            </Text>
            <LanguageBadge language={request.language} />
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }} lang={writtenLang(request.language)}>
            {request.description}
          </Text>
          <Text fw={700} mt="xs">
            {i18n._('Items asked for')}
          </Text>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {request.items.map((item, i) => (
              <li key={i}>
                {itemLine(i18n, item)}
                {item.note ? ` (${item.note})` : ''}
              </li>
            ))}
          </ul>
        </Stack>
      </FormCard>
      <Text size="sm">
        {i18n._('This link works once, until {when}, and signs nobody in.', { when: dateTime(i18n, request.expiresAt) })}
      </Text>
      {isDeclining ? (
        <FormCard>
          <form
            {...f.formProps((data) => decide.mutate({ decision: 'decline', reason: data.reason }))}
            aria-label={i18n._('Decline the request')}
          >
            <Textarea
              label={i18n._('Reason')}
              description={i18n._('Sent to the caseworker, so they can write it again with what was missing.')}
              required
              autosize
              minRows={3}
              maxLength={NEED_REASON_MAX}
              {...f.field('reason')}
              data-autofocus
            />
            <FormAlert message={f.formError} />
            <FormActions
              submitLabel={i18n._('Decline the request')}
              submitColor="red.9"
              isPending={decide.isPending}
              onCancel={() => setDeclining(false)}
              isCancelLockedWhilePending
              mt="md"
            />
          </form>
        </FormCard>
      ) : (
        <>
          <FormAlert message={f.formError} />
          <Group>
            <Button onClick={() => decide.mutate({ decision: 'approve' })} loading={decide.isPending}>
              {i18n._('Approve the request')}
            </Button>
            <Button variant="outline" color="red.9" onClick={() => setDeclining(true)} disabled={decide.isPending}>
              {i18n._('Decline…')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
