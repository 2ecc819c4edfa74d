import { Alert, Button, CopyButton, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CARE_HELPER_ROLES, CARE_INVITE_DAYS, CARE_ROLE_DESCRIPTIONS, careRoleLabel, type CareHelperRole } from '../../shared/care';
import type { CareTeamMember } from '../../shared/care-teams';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { directorySearchOptions, useCreateInviteLink, useInviteMember } from './care-teams-api';
import classes from './care.module.css';

// Inviting helpers (issue 27): a member found in the directory by name, or a single-use link to send however the
// family likes. Either way, whoever says yes waits for the family's or a leader's approval.

const roleOptions = CARE_HELPER_ROLES.map((r) => ({ value: r, label: careRoleLabel(r) }));

export function InvitePanel({ teamId, members }: { teamId: number; members: CareTeamMember[] }) {
  const titleId = useId();
  const [role, setRole] = useState<CareHelperRole>('helper');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        Invite
      </Title>
      <Stack gap="md" mt="xs">
        <NativeSelect
          label="Role"
          description={CARE_ROLE_DESCRIPTIONS[role]}
          value={role}
          onChange={(e) => setRole(e.currentTarget.value as CareHelperRole)}
          data={roleOptions}
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
  const invite = useInviteMember(teamId, {
    onSuccess: () => setDone('Invited. They are told by email and on their notifications.'),
    onError: () => setDone(null),
  });
  const resultsId = useId();
  const onTeam = new Set(members.map((m) => m.uid));
  const people = (found.data?.members ?? []).filter((m) => !onTeam.has(m.uid));
  return (
    <Stack gap="xs">
      <TextInput
        label="Find a member by name"
        description="Members of the directory; they are asked to accept"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={100}
        autoComplete="off"
        aria-controls={resultsId}
      />
      <div id={resultsId} aria-live="polite">
        {q.length < 2 ? null : found.isFetching && !found.data ? (
          <Loader size="sm" aria-label="Looking for members" />
        ) : people.length === 0 ? (
          <Text size="sm">Nobody in the directory matches “{q}”.</Text>
        ) : (
          <ul className={classes.memberList} aria-label="Members found">
            {people.slice(0, 8).map((p) => {
              const name = [p.firstName, p.lastName].filter(Boolean).join(' ') || 'A member';
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
                    Invite {name} as {careRoleLabel(role).toLowerCase()}
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
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => create.mutate(role)} loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
        Create an invitation link
      </Button>
      <FormAlert message={create.error?.message} />
      {link ? (
        <Alert variant="light" color="teal">
          <Stack gap="xs">
            <Text size="sm">
              A link for one {careRoleLabel(link.role).toLowerCase()}: it works once, for {CARE_INVITE_DAYS} days. Copy it now; it is not
              shown again.
            </Text>
            <TextInput
              label="Invitation link"
              readOnly
              value={link.url}
              className={classes.inviteUrl}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button size="xs" onClick={copy} style={{ alignSelf: 'flex-start' }}>
                  {copied ? 'Copied' : 'Copy the link'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
