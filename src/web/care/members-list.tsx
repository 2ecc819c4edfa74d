import { Badge, Button, Group, NativeSelect, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { CARE_HELPER_ROLES, careRoleLabel, type CareHelperRole } from '../../shared/care';
import type { CareTeamMember } from '../../shared/care-teams';
import { ConfirmDelete } from '../app/confirm-delete';
import { FormAlert } from '../app/form-alert';
import { useApproveMember, useChangeRole, useRemoveMember } from './care-teams-api';
import classes from './care.module.css';

const STATUS_LABELS = { invited: /*i18n*/ 'Invited', requested: /*i18n*/ 'Asks to join', active: null } as const;

/** The team's members with their roles; the family and leaders approve, change roles and remove. */
export function MembersList({ teamId, members }: { teamId: number; members: CareTeamMember[] }) {
  const titleId = useId();
  const { i18n } = useLingui();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {i18n._('Members')}
      </Title>
      <ul className={classes.memberList}>
        {members.map((m) => (
          <MemberRow key={m.uid} teamId={teamId} member={m} />
        ))}
      </ul>
    </section>
  );
}

function MemberRow({ teamId, member }: { teamId: number; member: CareTeamMember }) {
  const approve = useApproveMember(teamId);
  const changeRole = useChangeRole(teamId);
  const remove = useRemoveMember(teamId);
  const [isConfirming, setConfirming] = useState(false);
  const status = STATUS_LABELS[member.status];
  const { i18n } = useLingui();
  const name = member.name;
  return (
    <li className={classes.memberRow}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div>
          <Text fw={600}>{member.isMe ? i18n._('{name} (you)', { name }) : name}</Text>
          <Group gap={6} mt={2}>
            <Badge variant="light">{i18n._(careRoleLabel(member.role))}</Badge>
            {status ? (
              <Badge color="mustard.3" c="dark">
                {i18n._(status)}
              </Badge>
            ) : null}
            {member.role !== 'family' && member.status === 'active' ? (
              member.cleared ? (
                <Badge color="teal.9" variant="outline">
                  {i18n._('Cleared for the role')}
                </Badge>
              ) : (
                <Badge color="gray.8" variant="outline">
                  {i18n._('Clearances missing')}
                </Badge>
              )
            ) : null}
          </Group>
        </div>
        {member.mayManage ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            {member.status === 'requested' ? (
              <Button size="xs" onClick={() => approve.mutate(member.uid)} loading={approve.isPending}>
                {i18n._('Approve {name}', { name })}
              </Button>
            ) : null}
            <NativeSelect
              size="xs"
              label={i18n._('Role of {name}', { name })}
              value={member.role}
              onChange={(e) => changeRole.mutate({ uid: member.uid, role: e.currentTarget.value as CareHelperRole })}
              data={CARE_HELPER_ROLES.map((r) => ({ value: r, label: i18n._(careRoleLabel(r)) }))}
            />
            <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
              {i18n._('Remove {name}', { name })}
            </Button>
            <ConfirmDelete
              opened={isConfirming}
              title={i18n._('Remove {name}?', { name })}
              text={i18n._('They no longer see the team, and what they signed up for on the calendar is given back.')}
              isPending={remove.isPending}
              onConfirm={() => remove.mutate(member.uid)}
              onClose={() => setConfirming(false)}
              confirmLabel={i18n._('Yes, remove {name}', { name })}
              cancelLabel={i18n._('Keep them')}
            />
          </Group>
        ) : null}
      </Group>
      <FormAlert message={approve.error?.message ?? changeRole.error?.message ?? remove.error?.message} />
    </li>
  );
}
