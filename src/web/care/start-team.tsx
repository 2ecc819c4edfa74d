import { Button, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { CARE_TEAM_NAME_MAX } from '../../shared/care';
import type { MyCareTeams } from '../../shared/care-teams';
import { FormAlert } from '../app/form-alert';
import { useStartCareTeam } from './care-teams-api';

// Starting a care team (issue 27): a foster family for itself, in one step (the name may stay blank), or a
// church's point person for a foster family of the church, who is then asked to accept it.

/** "Start a care team": for a member whose profile says foster parent and who has no team yet. */
export function StartOwnTeam() {
  const titleId = useId();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const { i18n } = useLingui();
  const start = useStartCareTeam({ onSuccess: (made) => navigate(`/care/${made.id}`) });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {i18n._('Start a care team')}
      </Title>
      <Text mt="xs" mb="sm">
        {i18n._(
          'A care team is a small circle from your church (a leader, family helpers, a mentor, a respite caregiver) who bring meals, give rides and give you a rest when you ask. You choose who is on it.',
        )}
      </Text>
      <form
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate({ name });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={i18n._('Team name')}
            description={i18n._('Leave it blank to call it after your first name')}
            maxLength={CARE_TEAM_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <FormAlert message={start.error?.message} />
          <Button type="submit" loading={start.isPending} style={{ alignSelf: 'flex-start' }}>
            {i18n._('Start a care team')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** "Start a team for a family of your church": a point person picks one of the church's foster families. */
export function StartForFamily({ churches }: { churches: MyCareTeams['churchesToStartFor'] }) {
  const titleId = useId();
  const navigate = useNavigate();
  const [churchId, setChurchId] = useState(String(churches[0]?.id ?? ''));
  const families = churches.find((c) => String(c.id) === churchId)?.families ?? [];
  const [familyUid, setFamilyUid] = useState('');
  const { i18n } = useLingui();
  const start = useStartCareTeam({ onSuccess: (made) => navigate(`/care/${made.id}`) });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {i18n._('Start a team for a family of your church')}
      </Title>
      <Text mt="xs" mb="sm">
        {i18n._(
          'The family is told and chooses whether to accept it; you lead the team once they do. Only your church’s confirmed members whose profile says foster parent, and who have no team yet, are listed.',
        )}
      </Text>
      <form
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate({ churchId: Number(churchId), familyUid: familyUid || null });
        }}
      >
        <Stack gap="sm">
          {churches.length > 1 ? (
            <NativeSelect
              label={i18n._('Your church')}
              value={churchId}
              onChange={(e) => {
                setChurchId(e.currentTarget.value);
                setFamilyUid('');
              }}
              data={churches.map((c) => ({ value: String(c.id), label: c.name }))}
            />
          ) : null}
          {families.length === 0 ? (
            <Text size="sm" c="dimmed">
              {i18n._('No foster family of {church} is waiting for a team.', {
                church: churches.find((c) => String(c.id) === churchId)?.name ?? i18n._('your church'),
              })}
            </Text>
          ) : (
            <NativeSelect
              label={i18n._('The family')}
              value={familyUid}
              onChange={(e) => setFamilyUid(e.currentTarget.value)}
              data={[{ value: '', label: i18n._('Choose a family') }, ...families.map((f) => ({ value: f.uid, label: f.name }))]}
            />
          )}
          <FormAlert message={start.error?.message} />
          <Button type="submit" loading={start.isPending} disabled={families.length === 0} style={{ alignSelf: 'flex-start' }}>
            {i18n._('Start the team')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
