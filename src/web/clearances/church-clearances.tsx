import '@mantine/core/styles/Paper.layer.css';

import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { isApiRequestError } from '../lib/api';
import { FormAlert } from '../app/form-alert';
import { MemberClearanceList } from './clearance-records';
import { churchClearancesOptions } from './clearances-api';

/**
 * "Clearances" on a church's page for its point persons (issue 27): its confirmed members and where each stands
 * with every requirement; a point person records background checks and trainings for them (never their own).
 */
export function ChurchClearances({ churchId }: { churchId: number }) {
  const list = useQuery(churchClearancesOptions(churchId));
  const { i18n } = useLingui();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" component="section" aria-labelledby="section-clearances">
      <Stack gap="md">
        <Title order={3} size="h4" id="section-clearances">
          {i18n._('Clearances')}
        </Title>
        <Text size="sm">
          {i18n._(
            'Care team roles need clearances: a respite caregiver a background check and the respite training, anyone who sees a family’s details the confidentiality agreement (members accept it themselves). Record here what you have verified for your church’s confirmed members. Someone else records your own.',
          )}
        </Text>
        {list.isPending ? <Loader aria-label={i18n._("Loading the members' clearances")} /> : null}
        {list.isError ? (
          <FormAlert
            message={isApiRequestError(list.error) ? list.error.message : i18n._('The clearances could not be loaded. Please try again.')}
          />
        ) : null}
        {list.isSuccess ? <MemberClearanceList members={list.data.members} empty={i18n._('No confirmed member yet.')} /> : null}
      </Stack>
    </Paper>
  );
}
