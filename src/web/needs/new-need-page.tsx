import { Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { needInputSchema } from '../../shared/needs';
import { NEED_ASKED_MESSAGES } from '../../shared/needs-board';
import { flash } from '../app/flash-notice';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { usePageLanguage } from '../app/content-language';
import { emptyItem, NeedForm, type NeedFormValues } from './need-form';
import { keptChurchesOptions, useAskNeed } from './needs-api';

const EMPTY: Omit<NeedFormValues, 'language'> = {
  kind: '',
  title: '',
  description: '',
  city: '',
  state: '',
  zip: '',
  urgency: '',
  items: [emptyItem()],
  familyConsent: false,
  churchId: '',
};

/**
 * /needs/new (product.md §13): a member asks for their family, a point person for a family their church knows, a
 * caseworker for a family of their caseload (their supervisor approves it), an admin for anyone (on the board at once).
 */
export default function NewNeedPage() {
  const language = usePageLanguage();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const kept = useQuery(keptChurchesOptions);
  const ask = useAskNeed({
    onRefreshed: (asked) =>
      navigate(
        '/needs/mine',
        flash(i18n._(NEED_ASKED_MESSAGES[asked.status as keyof typeof NEED_ASKED_MESSAGES] ?? NEED_ASKED_MESSAGES.review)),
      ),
  });
  return (
    <Page title={i18n._('Ask for a need')} size="md">
      <Text mb="md" maw="65ch">
        {i18n._(
          "Ask for something concrete a foster family needs now. The network's team reads each request before it goes on the board; then the churches near the family hear of it.",
        )}
      </Text>
      <Text mb="md" size="sm">
        <Trans
          id="Work for a child-welfare agency? <0>Apply for a caseworker account</0>: your requests then go to your supervisor for approval."
          components={{ 0: <AppLink to="/caseworkers/apply" /> }}
        />
      </Text>
      {/* The church choice appears once the churches the member keeps are known; the form does not wait for it. */}
      <NeedForm
        schema={needInputSchema}
        initialValues={{ ...EMPTY, language }}
        asking
        churches={kept.data?.keeps.filter((c) => c.status === 'active') ?? []}
        submitLabel={i18n._('Send the request')}
        isPending={ask.isPending}
        onSubmit={(input, fail) => ask.mutate(input, { onError: fail })}
        onCancel={() => navigate('/needs')}
      />
      <Text mt="lg" size="sm">
        <AppLink to="/needs/mine">{i18n._('Your requests')}</AppLink>
      </Text>
    </Page>
  );
}
