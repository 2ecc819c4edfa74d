import { Button, Text } from '@mantine/core';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { useRef, type CSSProperties, type KeyboardEvent } from 'react';
import type { StateCode } from '../../shared/states';
import { AppLink } from '../app/navigation';
import { stateNameIn } from '../lib/state-names';
import { useLive } from '../live';
import { formatCount } from './format';
import { CALLOUT_SIZE, CALLOUTS, LABEL_POSITIONS } from './map-layout';
import { useNeedFigures } from './need-figures-query';
import { MAP_HEIGHT, MAP_WIDTH, STATE_SHAPES } from './us-map-shapes';
import shared from './churches-layer.module.css';
import classes from './needs-layer.module.css';

// The map's "Open needs" layer (issue 26): a marker on each state with open needs, saying how many; choosing one
// picks the state, whose panel names its open needs and links to them on the board. A chunk of its own, loaded
// only when a visitor chooses the layer. Needs are public once approved, so their counts follow no small-number
// rule; the board shows each of them anyway. Its markers and its list under the map are drawn as the churches
// layer's are.

export const needsWord = (i18n: I18n, n: number) => i18n._('{count, plural, one {# open need} other {# open needs}}', { count: n });

/** "Missouri, 2 open needs": a marker's name, and a state's on this layer. */
export const needsNameOf = (i18n: I18n, name: string, count: number) => i18n._('{name}, {needs}', { name, needs: needsWord(i18n, count) });

/** Where a state's marker sits: beside the box of a small state, else on its label's place. */
function pointOf(code: StateCode): [number, number] | null {
  const callout = CALLOUTS[code];
  if (callout) return [callout.box[0] - 10, callout.box[1] + CALLOUT_SIZE.height / 2];
  const shape = STATE_SHAPES[code];
  if (!shape) return null;
  const [x, y] = LABEL_POSITIONS[code] ?? shape.label;
  // Just under the state's code, which stays readable.
  return [x, y + 24];
}

/** A marker's width in map units: grows with the count. */
const markerSize = (count: number) => Math.min(30, 16 + 3 * Math.log2(count));

type MarkerStyle = CSSProperties & { '--x': string; '--y': string; '--size': string };

type NeedMarkersProps = { selected: string; onSelect: (code: string) => void };

/** The markers over the map, west to east for Tab and the arrow keys; each picks its state. */
export function NeedMarkers({ selected, onSelect }: NeedMarkersProps) {
  const { data } = useNeedFigures();
  const { i18n } = useLingui();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const markers = Object.entries(data?.openByState ?? {})
    .map(([code, count]) => ({ code: code as StateCode, count, point: pointOf(code as StateCode) }))
    .filter((m): m is { code: StateCode; count: number; point: [number, number] } => m.point !== null && m.count > 0)
    .sort((a, b) => a.point[0] - b.point[0] || a.point[1] - b.point[1]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined || markers.length === 0) return;
    event.preventDefault();
    buttons.current[(index + step + markers.length) % markers.length]?.focus();
  }

  return (
    <div className={shared.markers} role="group" aria-label={i18n._('Open needs on the map')}>
      {markers.map((m, index) => {
        const style: MarkerStyle = {
          '--x': `${(m.point[0] / MAP_WIDTH) * 100}%`,
          '--y': `${(m.point[1] / MAP_HEIGHT) * 100}%`,
          '--size': String(markerSize(m.count) / MAP_WIDTH),
        };
        return (
          <button
            key={m.code}
            type="button"
            ref={(el) => {
              buttons.current[index] = el;
            }}
            className={`${shared.marker} ${classes.marker}`}
            style={style}
            aria-label={needsNameOf(i18n, stateNameIn(i18n, m.code), m.count)}
            aria-pressed={m.code === selected}
            data-state={m.code}
            data-count={m.count}
            onClick={() => onSelect(m.code)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span aria-hidden="true">{formatCount(m.count)}</span>
          </button>
        );
      })}
    </div>
  );
}

/** In the state's panel: how many needs are open there, and the way to them. */
export function NeedsInState({ code, place }: { code: string | null; place: string }) {
  const { data, isError } = useNeedFigures();
  const { i18n } = useLingui();
  if (!data)
    return (
      <p className={classes.inState}>{isError ? i18n._('The open needs could not be loaded.') : i18n._('Counting the open needs…')}</p>
    );
  const count = code ? (data.openByState[code] ?? 0) : data.open;
  return (
    <p className={classes.inState} data-testid="map-needs">
      {count === 0 ? (
        i18n._('No need is open in {place} right now.', { place })
      ) : (
        <Trans
          id="<0>{needs}</0> in {place}. <1>See the needs in {place}</1>"
          values={{ needs: needsWord(i18n, count), place }}
          components={{ 0: <strong />, 1: <AppLink to={code ? `/needs?state=${code}` : '/needs'} /> }}
        />
      )}
    </p>
  );
}

/** Under the map: what the markers mean, and every state's open needs as a list (the map's text alternative). */
export function NeedsBelowMap() {
  const { data, isError, refetch, isFetching } = useNeedFigures();
  const { i18n } = useLingui();
  // While the layer is shown, a need approved or closed anywhere moves its markers at once (the figures' key
  // starts with the topic).
  useLive(['needs']);
  if (!data) {
    return isError ? (
      <div role="alert" className={shared.below}>
        <Text>{i18n._('The open needs could not be loaded.')}</Text>
        <Button variant="outline" onClick={() => void refetch()} loading={isFetching} mt="xs">
          {i18n._('Try again')}
        </Button>
      </div>
    ) : (
      <p role="status" className={shared.below}>
        {i18n._('Loading the open needs…')}
      </p>
    );
  }
  const states = Object.entries(data.openByState)
    .map(([code, count]) => ({ code, name: stateNameIn(i18n, code), count }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.locale === 'es' ? 'es' : 'en'));
  return (
    <div className={shared.below}>
      <p className={shared.legendTitle} id="needs-legend">
        {i18n._('Open needs: {count}', { count: formatCount(data.open) })}
      </p>
      <ul className={shared.legend} aria-labelledby="needs-legend">
        <li>
          <span className={`${shared.swatch} ${classes.swatch}`} aria-hidden="true">
            2
          </span>
          {i18n._('open needs in a state, and how many')}
        </li>
      </ul>
      <details className={shared.list}>
        <summary>{i18n._('Open needs by state, as a list')}</summary>
        {states.length === 0 ? (
          <Text size="sm">{i18n._('No need is open right now.')}</Text>
        ) : (
          <ul>
            {states.map((s) => (
              <li key={s.code}>
                <AppLink to={`/needs?state=${s.code}`}>
                  {i18n._('{name}: {needs}', { name: s.name, needs: needsWord(i18n, s.count) })}
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
