import '@mantine/core/styles/SegmentedControl.layer.css';

import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { Anchor, Button, NativeSelect, SegmentedControl, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useMemo, useRef, useState, type MouseEvent } from 'react';
import { countCitation, factSheetUrl, NATIONAL_CODE, NETWORK_FIGURES_MIN_MEMBERS, NETWORK_TARGET_PERCENT } from '../../shared/states';
import type { StateStat } from '../../shared/state-stat';
import { formatCount } from './format';
import { MapPlaceholder } from './map-placeholder';
import { SHADES, UNKNOWN_SHADE } from './map-layout';
import { AppLink } from '../app/navigation';
import { stateNameIn } from '../lib/state-names';
import { StateMap } from './state-map';
import { useNeedFigures } from './need-figures-query';
import { useStates } from './states-query';
import classes from './state-map-section.module.css';
import { withMantine } from '../app/mantine-provider';

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
  { value: 'children', label: /*i18n*/ 'Children in foster care' },
  { value: 'churches', label: /*i18n*/ 'Churches in the network' },
  { value: 'needs', label: /*i18n*/ 'Open needs' },
];

/** The name inside a sentence: "in the District of Columbia", "in the United States" ("en Estados Unidos"). */
function inPlace(i18n: I18n, stat: StateStat): string {
  if (stat.code === NATIONAL_CODE) return i18n._('the United States');
  if (stat.code === 'DC') return i18n._('the District of Columbia');
  return stateNameIn(i18n, stat.code);
}

/**
 * The landing page's map: pick a state on the map, from the list or with the keyboard, and see its
 * children in foster care, the network's 5% target, the network's own members there and a fact sheet.
 * Loaded after the rest of the landing page (it carries the map's shapes).
 */
function StateMapSection() {
  const { i18n } = useLingui();
  const { data: answer, isError, refetch, isFetching } = useStates();
  // The answer names states in English: the page names them in its language, in its order (codes stay the data).
  // i18n is one object whatever its language: its language says when the names change.
  const locale = i18n.locale;
  const data = useMemo(() => {
    if (!answer) return undefined;
    const collator = new Intl.Collator(locale);
    const named = (s: StateStat): StateStat => ({ ...s, name: stateNameIn(i18n, s.code) });
    const states = answer.states.map(named).sort((a, b) => collator.compare(a.name, b.name));
    return { ...answer, national: named(answer.national), states };
  }, [answer, i18n, locale]);
  const churchesWord = (n: number) => i18n._('{count, plural, one {# church} other {# churches}}', { count: n });
  const needsWord = (n: number) => i18n._('{count, plural, one {# open need} other {# open needs}}', { count: n });
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
        <Text>{i18n._("The map's figures could not be loaded.")}</Text>
        <Button variant="outline" onClick={() => void refetch()} loading={isFetching}>
          {i18n._('Try again')}
        </Button>
      </div>
    ) : (
      <MapPlaceholder />
    );
  }

  const current = data.states.find((s) => s.code === selected) ?? data.national;
  const isNational = current.code === NATIONAL_CODE;
  const place = inPlace(i18n, current);
  // Who counted and for which year ("AFCARS FY2021"): a count is as of its source's year, not of today.
  const citation = countCitation(current);

  function onSkipMap(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    detailsRef.current?.focus();
  }

  return (
    <div className={classes.layout}>
      <div className={classes.pick}>
        <NativeSelect
          label={i18n._('Choose a state')}
          value={current.code}
          onChange={(event) => setSelected(event.currentTarget.value)}
          data={[
            {
              value: NATIONAL_CODE,
              label: i18n._('{name} ({count})', { name: data.national.name, count: formatCount(data.national.count) }),
            },
            ...data.states.map((s) => ({
              value: s.code,
              label: i18n._('{name} ({count})', { name: s.name, count: formatCount(s.count) }),
            })),
          ]}
        />
      </div>

      <div className={classes.mapArea}>
        <div className={classes.layer}>
          <span className={classes.layerLabel} id="map-layer-label">
            {i18n._('Show on the map')}
          </span>
          <SegmentedControl
            aria-labelledby="map-layer-label"
            value={layer}
            onChange={setLayer}
            data={LAYERS.map((l) => ({ value: l.value, label: i18n._(l.label) }))}
            color="teal.8"
            radius="xl"
            className={classes.layerControl}
          />
        </div>
        <a href="#map-details" className={classes.skip} onClick={onSkipMap}>
          {isChurches ? i18n._("Skip the map's churches") : isNeeds ? i18n._("Skip the map's open needs") : i18n._("Skip the map's states")}
        </a>
        <StateMap
          states={data.states}
          selected={current.code}
          onSelect={setSelected}
          neutral={isChurches || isNeeds}
          neutralNameOf={
            isNeeds ? (stat) => i18n._('{name}, {needs}', { name: stat.name, needs: needsWord(openNeeds(stat.code)) }) : undefined
          }
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
          <Suspense fallback={<p role="status">{i18n._('Loading the churches…')}</p>}>
            <ChurchesBelowMap />
          </Suspense>
        ) : isNeeds ? (
          <Suspense fallback={<p role="status">{i18n._('Loading the open needs…')}</p>}>
            <NeedsBelowMap />
          </Suspense>
        ) : (
          <Legend citation={countCitation(data.national)} />
        )}
      </div>

      <section className={classes.details} aria-labelledby="map-details">
        <p className={classes.kicker}>{isNational ? i18n._('Nationwide') : i18n._('Selected state')}</p>
        <Title order={3} id="map-details" className={classes.detailsTitle} ref={detailsRef} tabIndex={-1}>
          {current.name}
        </Title>
        <dl className={classes.figures}>
          <div className={classes.figure}>
            <dt>{citation ? i18n._('Children in foster care, {citation}', { citation }) : i18n._('Children in foster care')}</dt>
            <dd data-testid="map-count">{formatCount(current.count)}</dd>
          </div>
          <div className={classes.figure}>
            <dt>{i18n._('Network target ({percent}%)', { percent: NETWORK_TARGET_PERCENT })}</dt>
            <dd data-testid="map-target">{formatCount(current.target)}</dd>
          </div>
        </dl>
        {current.count === null ? (
          <Text size="sm" c="dimmed" mb="sm">
            {i18n._('No count is published for {place} in the source we use yet.', { place })}
          </Text>
        ) : null}

        <p className={classes.networkTitle}>{i18n._('Our network in {place}', { place })}</p>
        {isNeeds ? (
          <Suspense fallback={null}>
            <NeedsInState code={isNational ? null : current.code} place={place} />
          </Suspense>
        ) : null}
        <dl className={classes.network}>
          <div>
            <dt>{i18n._('Members of its churches')}</dt>
            <dd data-testid="map-members">
              {current.network ? formatCount(current.network.members) : i18n._('Fewer than {min}', { min: NETWORK_FIGURES_MIN_MEMBERS })}
            </dd>
          </div>
          <div>
            <dt>{i18n._('Foster children they care for')}</dt>
            <dd data-testid="map-children">{current.network ? formatCount(current.network.fosterChildren) : i18n._('Not shown')}</dd>
          </div>
        </dl>
        {current.network ? null : (
          <Text size="sm" c="dimmed" mb="sm">
            {i18n._(
              "With fewer than {min} confirmed members in a place's churches, we do not show their figures, so nobody can be recognised.",
              { min: NETWORK_FIGURES_MIN_MEMBERS },
            )}
          </Text>
        )}
        <p className={classes.churches} data-testid="map-churches">
          {current.churches === 0 ? (
            i18n._('No church in {place} has joined the network yet.', { place })
          ) : (
            <>
              <Trans
                id="{count, plural, one {<0># church</0> is active in the network in {place}.} other {<0># churches</0> are active in the network in {place}.}}"
                values={{ count: current.churches, place }}
                components={{ 0: <strong /> }}
              />{' '}
              <AppLink to={isNational ? '/churches' : `/churches?state=${current.code}`}>
                <Trans id="See churches<0> in {place}</0>" values={{ place }} components={{ 0: <VisuallyHidden /> }} />
              </AppLink>
            </>
          )}
        </p>

        <div className={classes.actions}>
          <Anchor href={factSheetUrl(current.code)} download className={classes.sheet}>
            {i18n._('{name} fact sheet (PDF)', { name: current.name })}
          </Anchor>
          <Button
            variant="outline"
            radius="xl"
            onClick={() => setSelected(NATIONAL_CODE)}
            aria-disabled={isNational || undefined}
            data-disabled={isNational || undefined}
          >
            {i18n._('Reset to United States')}
          </Button>
        </div>
        <Text size="xs" c="dimmed" mt="md">
          {i18n._('Counts: {source}', { source: data.source })}{' '}
          {current.sourceUrl ? (
            <Anchor href={current.sourceUrl} target="_blank" rel="noopener noreferrer" size="xs">
              {isNational ? i18n._('Source') : i18n._('{name} source sheet', { name: current.name })}
              <VisuallyHidden> {i18n._('(opens in a new tab)')}</VisuallyHidden>
            </Anchor>
          ) : null}
        </Text>
      </section>

      <VisuallyHidden role="status">
        {isChurches
          ? i18n._('{name} selected: {churches} in the network.', { name: current.name, churches: churchesWord(current.churches) })
          : isNeeds
            ? i18n._('{name} selected: {needs}.', { name: current.name, needs: needsWord(openNeeds(current.code)) })
            : isNational
              ? i18n._('{name} selected: {count} children in foster care.', { name: current.name, count: formatCount(current.count) })
              : i18n._('{name} selected: {count} children in foster care, network target {target}.', {
                  name: current.name,
                  count: formatCount(current.count),
                  target: formatCount(current.target),
                })}
      </VisuallyHidden>
    </div>
  );
}

function Legend({ citation }: { citation: string | null }) {
  const { i18n } = useLingui();
  const number = (n: number) => formatCount(n);
  return (
    <div className={classes.legend}>
      <p className={classes.legendTitle} id="map-legend">
        {citation ? i18n._('Children in foster care, {citation}', { citation }) : i18n._('Children in foster care')}
      </p>
      <ul className={classes.legendItems} aria-labelledby="map-legend">
        {SHADES.map((shade) => (
          <li key={shade.min}>
            <span className={classes.swatch} style={{ background: shade.fill }} aria-hidden="true" />
            {shade.max === null ? i18n._('{min} or more', { min: number(shade.min) }) : `${number(shade.min)}–${number(shade.max)}`}
          </li>
        ))}
        <li>
          <span
            className={`${classes.swatch} ${classes.unknownSwatch}`}
            style={{ backgroundColor: UNKNOWN_SHADE.swatch }}
            aria-hidden="true"
          />
          {i18n._('not available')}
        </li>
      </ul>
    </div>
  );
}

// The landing page hydrates without Mantine (decision 046): the map brings it when it loads.
export default withMantine(StateMapSection);
