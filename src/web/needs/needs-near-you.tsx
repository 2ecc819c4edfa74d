import { useLingui } from '@lingui/react';
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SectionCard } from '../app/section-card';
import { useWrittenLang } from '../app/content-language';
import { useLive } from '../live';
import { needBoardOptions, type NeedSearch } from './needs-api';

const SHOWN = 3;
const RADIUS = 30;

/**
 * The member's home (issue 29): the open needs nearest the ZIP code of their profile, live, with the way to the
 * board; without a ZIP code, the way to the board alone.
 */
export function NeedsNearYou({ zip }: { zip: string | null }) {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  useLive(['needs']);
  const search: NeedSearch = {
    show: 'open',
    zip: zip ?? '',
    radius: RADIUS,
    sort: 'nearest',
    kind: '',
    state: '',
    urgency: '',
    q: '',
    language: '',
    page: 1,
  };
  const board = useQuery({ ...needBoardOptions(search), enabled: Boolean(zip) });
  const needs = board.data?.needs.slice(0, SHOWN) ?? [];
  const note = !zip
    ? i18n._('Add your ZIP code to your profile to see the needs nearest you.')
    : // A ZIP code the board does not know (the search refuses it): the profile is where to put it right.
      board.isError
      ? i18n._('Check the ZIP code on your profile ({zip}) to see the needs nearest you.', { zip })
      : board.isSuccess && needs.length === 0
        ? i18n._('No open needs within {miles} miles of {zip} right now.', { miles: RADIUS, zip })
        : null;
  return (
    <SectionCard
      title={i18n._('Needs near you')}
      note={note}
      more={{ to: zip && !board.isError ? `/needs?zip=${zip}` : '/needs', label: i18n._('See the needs board') }}
    >
      {needs.map((n) => (
        <li key={n.id}>
          <Anchor component={Link} to={`/needs/${n.id}`} fw={600} lang={writtenLang(n.language)} style={{ overflowWrap: 'anywhere' }}>
            {n.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {n.distanceMiles === null
              ? `${n.city}, ${n.state}`
              : i18n._('{town}, {miles} miles away', { town: `${n.city}, ${n.state}`, miles: i18n.number(n.distanceMiles) })}
          </Text>
        </li>
      ))}
    </SectionCard>
  );
}
