import { Anchor, Loader, Stack, Text, TextInput } from '@mantine/core';
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
  const me = useMe();
  const mine = useQuery(myCaseworkerQueryOptions);
  const application = mine.data?.caseworker ?? null;
  return (
    <Page title="Apply as a caseworker" size="xs">
      <Stack gap="md" mb="lg">
        <Text>
          Caseworkers of child-welfare agencies ask the network’s churches for what a foster family needs. An admin of the network checks
          each caseworker account first; then each request you write goes to your supervisor, who approves it from a link in the mail before
          it reaches the churches.
        </Text>
        {me ? (
          <Text size="sm">
            Your account’s address, <strong>{me.email}</strong>, is the work address we check against your agency. If it is not your work
            address, change it first in your{' '}
            <Anchor component={Link} to="/profile">
              account
            </Anchor>
            .
          </Text>
        ) : null}
      </Stack>
      {mine.isPending ? <Loader aria-label="Loading your application" /> : null}
      {mine.isError ? <FormAlert message="Your application could not be loaded. Please try again later." /> : null}
      {mine.isSuccess ? <Status application={application} /> : null}
      {mine.isSuccess && application?.status !== 'approved' ? (
        me && !me.emailVerified ? (
          <FormAlert message="You can apply once you confirm your email address: open the link we sent you." />
        ) : (
          <ApplicationForm application={application} />
        )
      ) : null}
    </Page>
  );
}

function Status({ application }: { application: Application | null }) {
  if (!application) return null;
  if (application.status === 'approved') {
    return (
      <FormCard>
        <FormSuccess message={`Your caseworker account for ${application.agency} is approved.`} />
        <Text mt="md">
          Each request you write goes to {application.supervisorName} to approve.{' '}
          <Anchor component={Link} to="/needs/new">
            Ask for a need
          </Anchor>
        </Text>
      </FormCard>
    );
  }
  if (application.status === 'applied') {
    return (
      <Text role="status" mb="md">
        Your application waits for the network’s team; you will hear from us by mail. You can correct it below meanwhile.
      </Text>
    );
  }
  return (
    <Stack gap="xs" mb="md" role="status">
      <Text>The network’s team did not approve your application. The reason given:</Text>
      <Text component="blockquote" fs="italic" m={0}>
        {application.declineReason}
      </Text>
      <Text>You can apply again below with what was missing.</Text>
    </Stack>
  );
}

function ApplicationForm({ application }: { application: Application | null }) {
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
      {apply.isSuccess ? <FormSuccess message="Thank you: your application is sent. The network’s team will write to you." /> : null}
      <form {...f.formProps((data) => apply.mutate(data))} aria-label="Apply as a caseworker">
        <Stack gap="sm">
          <TextInput label="Your name" required maxLength={CASEWORKER_NAME_MAX} autoComplete="name" {...f.field('name')} />
          <TextInput
            label="Agency"
            description="The child-welfare agency you work for"
            required
            maxLength={AGENCY_MAX}
            {...f.field('agency')}
          />
          <TextInput label="Supervisor's name" required maxLength={CASEWORKER_NAME_MAX} {...f.field('supervisorName')} />
          <EmailField
            label="Supervisor's work email"
            description="Each request you write is sent here to be approved"
            autoComplete="off"
            {...f.field('supervisorEmail')}
          />
          <FormAlert message={f.formError} />
          <FormActions submitLabel={application ? 'Send the application again' : 'Apply'} isPending={apply.isPending} />
        </Stack>
      </form>
    </FormCard>
  );
}
