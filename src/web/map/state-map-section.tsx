import '@mantine/core/styles/SegmentedControl.layer.css';

import { Anchor, Button, NativeSelect, SegmentedControl, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { factSheetUrl, NATIONAL_CODE, NETWORK_FIGURES_MIN_MEMBERS, NETWORK_TARGET_PERCENT } from '../../shared/states';
import type { StateStat } from '../../shared/state-stat';
import { formatCount } from './format';
import { MapPlaceholder } from './map-placeholder';
import { SHADES, UNKNOWN_SHADE } from './map-layout';
import { AppLink } from '../app/navigation';
import { StateMap } from './state-map';
import { useNeedFigures } from './need-figures-query';
import { useStates } from './states-query';
import classes from './state-map-section.module.css';

// The churches layer's code and data come only when a visitor chooses it (one chunk for both parts).
const ChurchMarkers = lazy(() => import('./churches-layer').then((m) => ({ default: m.ChurchMarkers })));
const ChurchesBelowMap = lazy(() => import('./churches-layer').then((m) => ({ default: m.ChurchesBelowMap })));
// The needs layer's likewise (issue 26).
const NeedMarkers = lazy(() => import('./needs-layer').then((m) => ({ default: m.NeedMarkers })));
const NeedsBelowMap = lazy(() => import('./needs-layer').then((m) => ({ default: m.NeedsBelowMap })));
const NeedsInState = lazy(() => import('./needs-layer').then((m) => ({ default: m.NeedsInState })));

/** What the map shows: the children in foster care per state, the network's churches, or its open needs. */
export type MapLayer = 'children' | 'churches' | 'needs';
const LAYERS: { value: MapLayer; label: string }[] = [
  { value: 'children', label: 'Children in foster care' },
  { value: 'churches', label: 'Churches in the network' },
  { value: 'needs', label: 'Open needs' },
];

const churchesWord = (n: number) => `${formatCount(n)} ${n === 1 ? 'church' : 'churches'}`;
const needsWord = (n: number) => `${formatCount(n)} open ${n === 1 ? 'need' : 'needs'}`;

/** The name inside a sentence: "in the District of Columbia", "in the United States". */
function inPlace(stat: StateStat): string {
  return stat.code === NATIONAL_CODE || stat.code === 'DC' ? `the ${stat.name}` : stat.name;
}

/**
 * The landing page's map: pick a state on the map, from the list or with the keyboard, and see its
 * children in foster care, the network's 5% target, the network's own members there and a fact sheet.
 * Loaded after the rest of the landing page (it carries the map's shapes).
 */
export default function StateMapSection() {
  const { data, isError, refetch, isFetching } = useStates();
  const [selected, setSelected] = useState<string>(NATIONAL_CODE);
  const [layer, setLayer] = useState<MapLayer>('children');
  const isChurches = layer === 'churches';
  const isNeeds = layer === 'needs';
  const needs = useNeedFigures(isNeeds).data;
  const openNeeds = (code: string) => (code === NATIONAL_CODE ? needs?.open : needs?.openByState[code]) ?? 0;
  const detailsRef = useRef<HTMLHeadingElement>(null);

  if (!data) {
    return isError ? (
      <div className={classes.placeholder} role="alert">
        <Text>The map's figures could not be loaded.</Text>
        <Button variant="outline" onClick={() => void refetch()} loading={isFetching}>
          Try again
        </Button>
      </div>
    ) : (
      <MapPlaceholder />
    );
  }

  const current = data.states.find((s) => s.code === selected) ?? data.national;
  const isNational = current.code === NATIONAL_CODE;

  function onSkipMap(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    detailsRef.current?.focus();
  }

  return (
    <div className={classes.layout}>
      <div className={classes.pick}>
        <NativeSelect
          label="Choose a state"
          value={current.code}
          onChange={(event) => setSelected(event.currentTarget.value)}
          data={[
            { value: NATIONAL_CODE, label: `${data.national.name} (${formatCount(data.national.count)})` },
            ...data.states.map((s) => ({ value: s.code, label: `${s.name} (${formatCount(s.count)})` })),
          ]}
        />
      </div>

      <div className={classes.mapArea}>
        <div className={classes.layer}>
          <span className={classes.layerLabel} id="map-layer-label">
            Show on the map
          </span>
          <SegmentedControl
            aria-labelledby="map-layer-label"
            value={layer}
            onChange={setLayer}
            data={LAYERS}
            color="teal.8"
            radius="xl"
            className={classes.layerControl}
          />
        </div>
        <a href="#map-details" className={classes.skip} onClick={onSkipMap}>
          {isChurches ? "Skip the map's churches" : isNeeds ? "Skip the map's open needs" : "Skip the map's states"}
        </a>
        <StateMap
          states={data.states}
          selected={current.code}
          onSelect={setSelected}
          neutral={isChurches || isNeeds}
          neutralNameOf={isNeeds ? (stat) => `${stat.name}, ${needsWord(openNeeds(stat.code))}` : undefined}
          overlay={
            isChurches ? (
              <Suspense fallback={null}>
                <ChurchMarkers />
              </Suspense>
            ) : isNeeds ? (
              <Suspense fallback={null}>
                <NeedMarkers selected={current.code} onSelect={setSelected} />
              </Suspense>
            ) : null
          }
        />
        {isChurches ? (
          <Suspense fallback={<p role="status">Loading the churches…</p>}>
            <ChurchesBelowMap />
          </Suspense>
        ) : isNeeds ? (
          <Suspense fallback={<p role="status">Loading the open needs…</p>}>
            <NeedsBelowMap />
          </Suspense>
        ) : (
          <Legend />
        )}
      </div>

      <section className={classes.details} aria-labelledby="map-details">
        <p className={classes.kicker}>{isNational ? 'Nationwide' : 'Selected state'}</p>
        <Title order={3} id="map-details" className={classes.detailsTitle} ref={detailsRef} tabIndex={-1}>
          {current.name}
        </Title>
        <dl className={classes.figures}>
          <div className={classes.figure}>
            <dt>Children in foster care</dt>
            <dd data-testid="map-count">{formatCount(current.count)}</dd>
          </div>
          <div className={classes.figure}>
            <dt>Network target ({NETWORK_TARGET_PERCENT}%)</dt>
            <dd data-testid="map-target">{formatCount(current.target)}</dd>
          </div>
        </dl>
        {current.count === null ? (
          <Text size="sm" c="dimmed" mb="sm">
            No count is published for {inPlace(current)} in the source we use yet.
          </Text>
        ) : null}

        <p className={classes.networkTitle}>Our network in {inPlace(current)}</p>
        {isNeeds ? (
          <Suspense fallback={null}>
            <NeedsInState code={isNational ? null : current.code} place={inPlace(current)} />
          </Suspense>
        ) : null}
        <dl className={classes.network}>
          <div>
            <dt>Members of its churches</dt>
            <dd data-testid="map-members">
              {current.network ? formatCount(current.network.members) : `Fewer than ${NETWORK_FIGURES_MIN_MEMBERS}`}
            </dd>
          </div>
          <div>
            <dt>Foster children they care for</dt>
            <dd data-testid="map-children">{current.network ? formatCount(current.network.fosterChildren) : 'Not shown'}</dd>
          </div>
        </dl>
        {current.network ? null : (
          <Text size="sm" c="dimmed" mb="sm">
            With fewer than {NETWORK_FIGURES_MIN_MEMBERS} confirmed members in a place&apos;s churches, we do not show their figures, so
            nobody can be recognised.
          </Text>
        )}
        <p className={classes.churches} data-testid="map-churches">
          {current.churches === 0 ? (
            `No church in ${inPlace(current)} has joined the network yet.`
          ) : (
            <>
              <strong>{churchesWord(current.churches)}</strong> {current.churches === 1 ? 'is' : 'are'} active in the network in{' '}
              {inPlace(current)}.{' '}
              <AppLink to={isNational ? '/churches' : `/churches?state=${current.code}`}>
                See churches<VisuallyHidden> in {inPlace(current)}</VisuallyHidden>
              </AppLink>
            </>
          )}
        </p>

        <div className={classes.actions}>
          <Anchor href={factSheetUrl(current.code)} download className={classes.sheet}>
            {current.name} fact sheet (PDF)
          </Anchor>
          <Button
            variant="outline"
            radius="xl"
            onClick={() => setSelected(NATIONAL_CODE)}
            aria-disabled={isNational || undefined}
            data-disabled={isNational || undefined}
          >
            Reset to United States
          </Button>
        </div>
        <Text size="xs" c="dimmed" mt="md">
          Counts: {data.source}{' '}
          {current.sourceUrl ? (
            <Anchor href={current.sourceUrl} target="_blank" rel="noopener noreferrer" size="xs">
              {isNational ? 'Source' : `${current.name} source sheet`}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Anchor>
          ) : null}
        </Text>
      </section>

      <VisuallyHidden role="status">
        {isChurches
          ? `${current.name} selected: ${churchesWord(current.churches)} in the network.`
          : isNeeds
            ? `${current.name} selected: ${needsWord(openNeeds(current.code))}.`
            : isNational
              ? `United States selected: ${formatCount(current.count)} children in foster care.`
              : `${current.name} selected: ${formatCount(current.count)} children in foster care, network target ${formatCount(current.target)}.`}
      </VisuallyHidden>
    </div>
  );
}

function Legend() {
  const number = (n: number) => formatCount(n);
  return (
    <div className={classes.legend}>
      <p className={classes.legendTitle} id="map-legend">
        Children in foster care
      </p>
      <ul className={classes.legendItems} aria-labelledby="map-legend">
        {SHADES.map((shade) => (
          <li key={shade.min}>
            <span className={classes.swatch} style={{ background: shade.fill }} aria-hidden="true" />
            {shade.max === null ? `${number(shade.min)} or more` : `${number(shade.min)}–${number(shade.max)}`}
          </li>
        ))}
        <li>
          <span
            className={`${classes.swatch} ${classes.unknownSwatch}`}
            style={{ backgroundColor: UNKNOWN_SHADE.swatch }}
            aria-hidden="true"
          />
          not available
        </li>
      </ul>
    </div>
  );
}
