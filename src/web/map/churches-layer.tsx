import '@mantine/core/styles/Popover.layer.css';

import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Button, Popover, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { ChurchMapGroup } from '../../shared/churches';
import { queryKeyOf } from '../../shared/live-event';
import { stateName } from '../../shared/states';
import { AppLink } from '../app/navigation';
import { call, client } from '../lib/api-client';
import { MAP_HEIGHT, MAP_WIDTH } from './us-map-shapes';
import classes from './churches-layer.module.css';

// The map's churches layer (issue 25): a marker per group of churches that would overlap at the map's scale,
// each a button that opens the list of its churches, and the same counts as a list by state. A chunk of its
// own, loaded (with its data) only when a visitor chooses the layer, so the landing page stays light.

/** The churches on the map start with the live topic 'churches', as every church query does. */
export const churchMapKeys = { map: () => [...queryKeyOf('churches'), 'map'] };

const churchMapQueryOptions = queryOptions({
  queryKey: churchMapKeys.map(),
  queryFn: ({ signal }) => call(client.churches.map.$get(undefined, { init: { signal } })),
  staleTime: 60_000,
});

const useChurchMap = () => useQuery(churchMapQueryOptions);

/** The town most of the group's churches are in (the first by name on a tie): where the marker is "near". */
function townOf(group: ChurchMapGroup): string {
  const counts = new Map<string, number>();
  for (const c of group.churches) counts.set(c.city, (counts.get(c.city) ?? 0) + 1);
  let best = group.churches[0]?.city ?? '';
  for (const [city, n] of counts) if (n > (counts.get(best) ?? 0)) best = city;
  return `${best}, ${group.state}`;
}

/** "3 churches near Springfield, MO" (in the page's language). */
const nearTown = (i18n: I18n, group: ChurchMapGroup) =>
  i18n._('{count, plural, one {# church near {town}} other {# churches near {town}}}', { count: group.count, town: townOf(group) });

/** "3 churches near Springfield, MO", or for one church its name and town. */
export function markerNameOf(group: ChurchMapGroup, i18n: I18n): string {
  const only = group.count === 1 ? group.churches[0] : undefined;
  return only ? `${only.name}, ${only.city}, ${group.state}` : nearTown(i18n, group);
}

/** A marker's width in map units: one church is a dot about 10 units across, groups grow with their count. */
const markerSize = (count: number) => (count === 1 ? 10 : Math.min(26, 14 + 3 * Math.log2(count)));

type MarkerStyle = CSSProperties & { '--x': string; '--y': string; '--size': string };

/** The markers, drawn over the map in its proportions; west to east for the keyboard's arrows and Tab. */
export function ChurchMarkers() {
  const { i18n } = useLingui();
  const { data } = useChurchMap();
  const [open, setOpen] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const groups = [...(data?.groups ?? [])].sort((a, b) => a.x - b.x || a.y - b.y);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined || groups.length === 0) return;
    event.preventDefault();
    setOpen(null);
    buttons.current[(index + step + groups.length) % groups.length]?.focus();
  }

  return (
    <div className={classes.markers} role="group" aria-label={i18n._('Churches on the map')}>
      {groups.map((group, index) => (
        <Marker
          key={`${group.state}-${group.churches[0]?.id ?? index}`}
          group={group}
          opened={open === index}
          onChange={(opened) => setOpen(opened ? index : null)}
          onKeyDown={(event) => onKeyDown(event, index)}
          buttonRef={(el) => {
            buttons.current[index] = el;
          }}
        />
      ))}
    </div>
  );
}

type MarkerProps = {
  group: ChurchMapGroup;
  opened: boolean;
  onChange: (opened: boolean) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
};

function Marker({ group, opened, onChange, onKeyDown, buttonRef }: MarkerProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const name = markerNameOf(group, i18n);
  const style: MarkerStyle = {
    '--x': `${(group.x / MAP_WIDTH) * 100}%`,
    '--y': `${(group.y / MAP_HEIGHT) * 100}%`,
    '--size': String(markerSize(group.count) / MAP_WIDTH),
  };
  const state = i18n._(stateName(group.state) ?? group.state);
  return (
    <Popover opened={opened} onChange={onChange} position="top" withArrow shadow="md" trapFocus returnFocus width={280}>
      <Popover.Target>
        <button
          type="button"
          ref={buttonRef}
          className={classes.marker}
          style={style}
          aria-label={name}
          data-count={group.count}
          data-group={group.count > 1 || undefined}
          data-state={group.state}
          onClick={() => onChange(!opened)}
          onKeyDown={(event) => {
            // Escape closes from the marker too (the popover closes itself when focus is inside it).
            if (event.key === 'Escape' && opened) {
              event.preventDefault();
              onChange(false);
            } else onKeyDown(event);
          }}
        >
          {group.count > 1 ? <span aria-hidden="true">{i18n.number(group.count)}</span> : null}
        </button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId} className={classes.dropdown}>
        <Text fw={700} size="sm" id={titleId} mb={6}>
          {group.count === 1 ? i18n._('A church in {town}', { town: townOf(group) }) : nearTown(i18n, group)}
        </Text>
        <ul className={classes.churchList}>
          {group.churches.map((c) => (
            <li key={c.id}>
              <AppLink to={`/churches/${c.id}`} className={classes.churchLink}>
                {c.name}
              </AppLink>{' '}
              <span className={classes.city}>{c.city}</span>
            </li>
          ))}
        </ul>
        {group.count > group.churches.length ? (
          <AppLink to={`/churches?state=${group.state}`} className={classes.more}>
            {i18n._('See all the churches in {state}', { state })}
          </AppLink>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}

/** Under the map: what the markers mean, and every state's churches as a list (the map's text alternative). */
export function ChurchesBelowMap() {
  const { i18n } = useLingui();
  const { data, isError, refetch, isFetching } = useChurchMap();
  if (!data) {
    return isError ? (
      <div role="alert" className={classes.below}>
        <Text>{i18n._('The churches could not be loaded.')}</Text>
        <Button variant="outline" onClick={() => void refetch()} loading={isFetching} mt="xs">
          {i18n._('Try again')}
        </Button>
      </div>
    ) : (
      <p role="status" className={classes.below}>
        {i18n._('Loading the churches…')}
      </p>
    );
  }
  const states = Object.entries(data.byState)
    .map(([code, count]) => ({ code, name: i18n._(stateName(code) ?? code), count }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.locale === 'es' ? 'es' : 'en'));
  return (
    <div className={classes.below}>
      <p className={classes.legendTitle} id="churches-legend">
        {i18n._('Churches in the network: {count}', { count: i18n.number(data.total) })}
      </p>
      <ul className={classes.legend} aria-labelledby="churches-legend">
        <li>
          <span className={classes.swatch} aria-hidden="true" />
          {i18n._('a church')}
        </li>
        <li>
          <span className={`${classes.swatch} ${classes.groupSwatch}`} aria-hidden="true">
            3
          </span>
          {i18n._('churches close together, and how many')}
        </li>
      </ul>
      <details className={classes.list}>
        <summary>{i18n._('Churches by state, as a list')}</summary>
        {states.length === 0 ? (
          <Text size="sm">{i18n._('No church has joined the network yet.')}</Text>
        ) : (
          <ul>
            {states.map((s) => (
              <li key={s.code}>
                <AppLink to={`/churches?state=${s.code}`}>
                  {i18n._('{state}: {count, plural, one {# church} other {# churches}}', { state: s.name, count: s.count })}
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
