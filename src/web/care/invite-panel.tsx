import { Alert, Button, CopyButton, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { CARE_HELPER_ROLES, CARE_INVITE_DAYS, CARE_ROLE_DESCRIPTIONS, careRoleLabel, type CareHelperRole } from '../../shared/care';
import type { CareTeamMember } from '../../shared/care-teams';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { directorySearchOptions, useCreateInviteLink, useInviteMember } from './care-teams-api';
import classes from './care.module.css';

// Inviting helpers (issue 27): a member found in the directory by name, or a single-use link to send however the
// family likes. Either way, whoever says yes waits for the family's or a leader's approval.

export function InvitePanel({ teamId, members }: { teamId: number; members: CareTeamMember[] }) {
  const titleId = useId();
  const [role, setRole] = useState<CareHelperRole>('helper');
  const { i18n } = useLingui();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {i18n._('Invite')}
      </Title>
      <Stack gap="md" mt="xs">
        <NativeSelect
          label={i18n._('Role')}
          description={i18n._(CARE_ROLE_DESCRIPTIONS[role])}
          value={role}
          onChange={(e) => setRole(e.currentTarget.value as CareHelperRole)}
          data={CARE_HELPER_ROLES.map((r) => ({ value: r, label: i18n._(careRoleLabel(r)) }))}
        />
        <InviteFromDirectory teamId={teamId} role={role} members={members} />
        <InviteLink teamId={teamId} role={role} />
      </Stack>
    </Paper>
  );
}

function InviteFromDirectory({ teamId, role, members }: { teamId: number; role: CareHelperRole; members: CareTeamMember[] }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const found = useQuery(directorySearchOptions(q));
  const [done, setDone] = useState<string | null>(null);
  const { i18n } = useLingui();
  const invite = useInviteMember(teamId, {
    onSuccess: () => setDone(i18n._('Invited. They are told by email and on their notifications.')),
    onError: () => setDone(null),
  });
  const resultsId = useId();
  const onTeam = new Set(members.map((m) => m.uid));
  const people = (found.data?.members ?? []).filter((m) => !onTeam.has(m.uid));
  return (
    <Stack gap="xs">
      <TextInput
        label={i18n._('Find a member by name')}
        description={i18n._('Members of the directory; they are asked to accept')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={100}
        autoComplete="off"
        aria-controls={resultsId}
      />
      <div id={resultsId} aria-live="polite">
        {q.length < 2 ? null : found.isFetching && !found.data ? (
          <Loader size="sm" aria-label={i18n._('Looking for members')} />
        ) : people.length === 0 ? (
          <Text size="sm">{i18n._('Nobody in the directory matches “{q}”.', { q })}</Text>
        ) : (
          <ul className={classes.memberList} aria-label={i18n._('Members found')}>
            {people.slice(0, 8).map((p) => {
              const name = [p.firstName, p.lastName].filter(Boolean).join(' ') || i18n._('A member');
              return (
                <Group key={p.uid} component="li" justify="space-between" gap="sm" wrap="nowrap">
                  <Text>
                    {name}
                    {p.city ? <Text span size="sm" c="dimmed">{` · ${p.city}${p.state ? `, ${p.state}` : ''}`}</Text> : null}
                  </Text>
                  <Button
                    size="xs"
                    onClick={() => {
                      setDone(null);
                      invite.mutate({ uid: p.uid, role });
                    }}
                    loading={invite.isPending && invite.variables?.uid === p.uid}
                  >
                    {i18n._('Invite {name} as {role}', { name, role: i18n._(careRoleLabel(role)).toLowerCase() })}
                  </Button>
                </Group>
              );
            })}
          </ul>
        )}
      </div>
      <FormAlert message={invite.error?.message} />
      <FormSuccess message={done} />
    </Stack>
  );
}

function InviteLink({ teamId, role }: { teamId: number; role: CareHelperRole }) {
  const [link, setLink] = useState<{ url: string; role: CareHelperRole } | null>(null);
  const create = useCreateInviteLink(teamId, { onSuccess: (made, forRole) => setLink({ url: made.url, role: forRole }) });
  const { i18n } = useLingui();
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => create.mutate(role)} loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
        {i18n._('Create an invitation link')}
      </Button>
      <FormAlert message={create.error?.message} />
      {link ? (
        <Alert variant="light" color="teal">
          <Stack gap="xs">
            <Text size="sm">
              {i18n._('A link for one {role}: it works once, for {days} days. Copy it now; it is not shown again.', {
                role: i18n._(careRoleLabel(link.role)).toLowerCase(),
                days: CARE_INVITE_DAYS,
              })}
            </Text>
            <TextInput
              label={i18n._('Invitation link')}
              readOnly
              value={link.url}
              className={classes.inviteUrl}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button size="xs" onClick={copy} style={{ alignSelf: 'flex-start' }}>
                  {copied ? i18n._('Copied') : i18n._('Copy the link')}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
