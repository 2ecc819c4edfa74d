import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { useLingui } from '@lingui/react';
import { Anchor, Checkbox, Fieldset, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_KIND_LABELS, type DigestFrequency, type NotificationPreferences } from '../../shared/notifications';
import { FormActions } from '../app/form-actions';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { NeedAlertSection } from './need-alert-form';
import { preferencesQueryOptions, useSavePreferences } from './notifications-api';

const LOAD_FAILED = /*i18n*/ 'Your mail settings could not be loaded just now. Please reload the page in a moment.';
const SAVE_FAILED = /*i18n*/ 'Your mail settings could not be saved just now. Please try again in a moment.';

const DIGEST_CHOICES: { value: DigestFrequency; label: string }[] = [
  { value: 'off', label: /*i18n*/ 'Never' },
  { value: 'daily', label: /*i18n*/ 'Once a day' },
  { value: 'weekly', label: /*i18n*/ 'Once a week' },
];

function isDigest(value: string): value is DigestFrequency {
  return DIGEST_CHOICES.some((c) => c.value === value);
}

/** /settings/notifications: which mail a member gets about activity on the site. */
export default function NotificationSettingsPage() {
  const { i18n } = useLingui();
  const preferences = useQuery(preferencesQueryOptions);
  return (
    <Page title={i18n._('Mail settings')} size="xs">
      {preferences.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{i18n._('Loading your mail settings…')}</Text>
        </Group>
      ) : null}
      <FormAlert message={preferences.isError ? i18n._(LOAD_FAILED) : null} />
      {preferences.data ? <PreferencesForm saved={preferences.data} /> : null}
      <NeedAlertSection />
      <Anchor component={Link} to="/dashboard" display="inline-block" mt="lg">
        {i18n._('Back to your dashboard')}
      </Anchor>
    </Page>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { i18n } = useLingui();
  const [draft, setDraft] = useState(saved);
  const [justSaved, setJustSaved] = useState(false);
  const mutation = useSavePreferences({
    onRefreshed: (now) => {
      setDraft(now);
      setJustSaved(true);
    },
  });
  const change = (next: Partial<NotificationPreferences>) => {
    setDraft((d) => ({ ...d, ...next }));
    setJustSaved(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(draft);
  };
  const failure = mutation.isError
    ? isApiRequestError(mutation.error) && mutation.error.status === 429
      ? mutation.error.message
      : i18n._(SAVE_FAILED)
    : null;

  return (
    <FormCard>
      <form onSubmit={submit} noValidate>
        <FormAlert message={failure} />
        <FormSuccess message={justSaved ? i18n._('Saved. Your mail settings are changed.') : null} />
        <Stack gap="lg">
          <Fieldset legend={i18n._('Mail me at once about')} variant="unstyled">
            <Stack gap="sm">
              <Checkbox
                label={i18n._(NOTIFICATION_KIND_LABELS.response)}
                checked={draft.mailResponse}
                onChange={(e) => change({ mailResponse: e.currentTarget.checked })}
              />
              <Checkbox
                label={i18n._(NOTIFICATION_KIND_LABELS.followed_response)}
                checked={draft.mailFollowedResponse}
                onChange={(e) => change({ mailFollowedResponse: e.currentTarget.checked })}
              />
              <Checkbox
                label={i18n._(NOTIFICATION_KIND_LABELS.need)}
                checked={draft.mailNeed}
                onChange={(e) => change({ mailNeed: e.currentTarget.checked })}
              />
              <Checkbox
                label={i18n._(NOTIFICATION_KIND_LABELS.care)}
                checked={draft.mailCare}
                onChange={(e) => change({ mailCare: e.currentTarget.checked })}
              />
            </Stack>
            <Text size="sm" c="dimmed" mt="xs">
              {i18n._('You see every notification on the site either way.')}
            </Text>
          </Fieldset>
          <Radio.Group
            label={i18n._('A summary of what is new in the network')}
            value={draft.digest}
            onChange={(value) => {
              if (isDigest(value)) change({ digest: value });
            }}
          >
            <Stack gap="xs" mt="xs">
              {DIGEST_CHOICES.map((c) => (
                <Radio key={c.value} value={c.value} label={i18n._(c.label)} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
        <FormActions submitLabel={i18n._('Save')} isPending={mutation.isPending} mt="lg" />
      </form>
    </FormCard>
  );
}
