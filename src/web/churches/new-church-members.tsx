import { Trans, useLingui } from '@lingui/react';
import { Anchor, Group, Image, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DAY } from '../../shared/durations';
import { NEW_CHURCH_MEMBERS_DAYS } from '../../shared/church-members';
import { SectionCard } from '../app/section-card';
import { formatTimeAgo } from '../lib/format-date-time';
import { useLive } from '../live';
import { newChurchMembersQueryOptions } from './church-members-api';
import { BLANK_AVATAR_URL } from '../lib/blank-avatar';

/** The last week in words ("Joined 3 days ago"), then the day alone: the hour someone was confirmed says nothing. */
function Joined({ iso }: { iso: string }) {
  const { i18n } = useLingui();
  const time = <time dateTime={iso} />;
  return isWithinAWeek(iso) ? (
    <Trans id="Joined <0>{when}</0>" values={{ when: formatTimeAgo(iso) }} components={{ 0: time }} />
  ) : (
    <Trans id="Joined on <0>{date}</0>" values={{ date: i18n.date(iso, { dateStyle: 'medium' }) }} components={{ 0: time }} />
  );
}

const isWithinAWeek = (iso: string) => Date.now() - new Date(iso).getTime() < 7 * DAY;

/**
 * The member's home (issue 29): who joined their church lately and is in the directory, each a link to their
 * card there; live, as a point person confirms someone. Nothing for a member whose place in a church is not
 * confirmed: the dashboard's next steps and church link speak to them.
 */
export function NewChurchMembers() {
  const { i18n } = useLingui();
  useLive(['churches']);
  const query = useQuery(newChurchMembersQueryOptions);
  if (!query.data?.church) return null;
  const { church, members } = query.data;
  return (
    <SectionCard
      title={i18n._('New members of {church}', { church: church.name })}
      note={members.length === 0 ? i18n._('No one has joined in the last {days} days.', { days: NEW_CHURCH_MEMBERS_DAYS }) : null}
      more={{ to: '/directory', label: i18n._('See the member directory') }}
    >
      {members.map((m) => (
        <li key={m.uid}>
          <Group gap="sm" wrap="nowrap">
            <Image src={m.photoUrl ?? BLANK_AVATAR_URL} alt="" w={40} h={40} radius={999} fit="cover" loading="lazy" />
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={m.directoryUrl} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                <Joined iso={m.joinedAt} />
              </Text>
            </div>
          </Group>
        </li>
      ))}
    </SectionCard>
  );
}
