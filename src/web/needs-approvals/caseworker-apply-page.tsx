import { Anchor, Loader, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CASEWORKER_NAME_MAX, caseworkerApplicationSchema, type MyCaseworker } from '../../shared/needs-approvals';
import { AGENCY_MAX } from '../../shared/needs';
import { EmailField } from '../app/fields';
import { FormActions } from '../app/form-actions';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { useMe } from '../lib/me-query';
import { useSchemaForm } from '../lib/use-schema-form';
import { myCaseworkerQueryOptions, useApplyAsCaseworker } from './approvals-api';

type Application = NonNullable<MyCaseworker['caseworker']>;

/**
 * /caseworkers/apply (issue 26): a person from a child-welfare agency applies for a caseworker account. An
 * admin checks it and approves it; from then on each request they write goes to their supervisor to approve.
 */
export default function CaseworkerApplyPage() {
  const { i18n } = useLingui();
  const me = useMe();
  const mine = useQuery(myCaseworkerQueryOptions);
  const application = mine.data?.caseworker ?? null;
  return (
    <Page title={i18n._('Apply as a caseworker')} size="xs">
      <Stack gap="md" mb="lg">
        <Text>
          {i18n._(
            'Caseworkers of child-welfare agencies ask the network’s churches for what a foster family needs. An admin of the network checks each caseworker account first; then each request you write goes to your supervisor, who approves it from a link in the mail before it reaches the churches.',
          )}
        </Text>
        {me ? (
          <Text size="sm">
            <Trans
              id="Your account’s address, <0>{email}</0>, is the work address we check against your agency. If it is not your work address, change it first in your <1>account</1>."
              values={{ email: me.email }}
              components={{ 0: <strong />, 1: <Anchor component={Link} to="/profile" /> }}
            />
          </Text>
        ) : null}
      </Stack>
      {mine.isPending ? <Loader aria-label={i18n._('Loading your application')} /> : null}
      {mine.isError ? <FormAlert message={i18n._('Your application could not be loaded. Please try again later.')} /> : null}
      {mine.isSuccess ? <Status application={application} /> : null}
      {mine.isSuccess && application?.status !== 'approved' ? (
        me && !me.emailVerified ? (
          <FormAlert message={i18n._('You can apply once you confirm your email address: open the link we sent you.')} />
        ) : (
          <ApplicationForm application={application} />
        )
      ) : null}
    </Page>
  );
}

function Status({ application }: { application: Application | null }) {
  const { i18n } = useLingui();
  if (!application) return null;
  if (application.status === 'approved') {
    return (
      <FormCard>
        <FormSuccess message={i18n._('Your caseworker account for {agency} is approved.', { agency: application.agency })} />
        <Text mt="md">
          {i18n._('Each request you write goes to {name} to approve.', { name: application.supervisorName })}{' '}
          <Anchor component={Link} to="/needs/new">
            {i18n._('Ask for a need')}
          </Anchor>
        </Text>
      </FormCard>
    );
  }
  if (application.status === 'applied') {
    return (
      <Text role="status" mb="md">
        {i18n._('Your application waits for the network’s team; you will hear from us by mail. You can correct it below meanwhile.')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" mb="md" role="status">
      <Text>{i18n._('The network’s team did not approve your application. The reason given:')}</Text>
      <Text component="blockquote" fs="italic" m={0}>
        {application.declineReason}
      </Text>
      <Text>{i18n._('You can apply again below with what was missing.')}</Text>
    </Stack>
  );
}

function ApplicationForm({ application }: { application: Application | null }) {
  const { i18n } = useLingui();
  const f = useSchemaForm({
    schema: caseworkerApplicationSchema,
    initialValues: {
      name: application?.name ?? '',
      agency: application?.agency ?? '',
      supervisorName: application?.supervisorName ?? '',
      supervisorEmail: application?.supervisorEmail ?? '',
    },
  });
  const apply = useApplyAsCaseworker({
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors ? undefined : error.message),
  });
  return (
    <FormCard>
      {apply.isSuccess ? (
        <FormSuccess message={i18n._('Thank you: your application is sent. The network’s team will write to you.')} />
      ) : null}
      <form {...f.formProps((data) => apply.mutate(data))} aria-label={i18n._('Apply as a caseworker')}>
        <Stack gap="sm">
          <TextInput label={i18n._('Your name')} required maxLength={CASEWORKER_NAME_MAX} autoComplete="name" {...f.field('name')} />
          <TextInput
            label={i18n._('Agency')}
            description={i18n._('The child-welfare agency you work for')}
            required
            maxLength={AGENCY_MAX}
            {...f.field('agency')}
          />
          <TextInput label={i18n._("Supervisor's name")} required maxLength={CASEWORKER_NAME_MAX} {...f.field('supervisorName')} />
          <EmailField
            label={i18n._("Supervisor's work email")}
            description={i18n._('Each request you write is sent here to be approved')}
            autoComplete="off"
            {...f.field('supervisorEmail')}
          />
          <FormAlert message={f.formError} />
          <FormActions submitLabel={application ? i18n._('Send the application again') : i18n._('Apply')} isPending={apply.isPending} />
        </Stack>
      </form>
    </FormCard>
  );
}
