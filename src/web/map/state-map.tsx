import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { countCitation, type StateCode } from '../../shared/states';
import type { StateStat } from '../../shared/state-stat';
import { formatCount } from './format';
import { ALWAYS_LABELLED, CALLOUT_SIZE, CALLOUTS, LABEL_POSITIONS, MIN_LABEL_AREA, shadeOf } from './map-layout';
import { MAP_HEIGHT, MAP_WIDTH, STATE_SHAPES } from './us-map-shapes';
import classes from './state-map.module.css';

type StateMapProps = {
  /** The 50 states and DC, in the order keyboard focus should visit them. */
  states: StateStat[];
  selected: string;
  onSelect: (code: string) => void;
  /**
   * States drawn in one neutral shade, named with their churches: the churches layer is shown over them. Its
   * markers take the keyboard's turn then; the states stay a click away, and "Choose a state" picks them too.
   */
  neutral?: boolean;
  /** A state's name on a neutral layer (its churches unless told otherwise: the needs layer names its open needs). */
  neutralNameOf?: (stat: StateStat) => string;
  /** Drawn over the map, in a box of the map's own proportions: a layer's markers. */
  overlay?: ReactNode;
};

const NEUTRAL_SHADE = { fill: '#e6ebeb', ink: '#272E2E' };

/** "New Hampshire, 1,211 children in foster care": what a screen reader says for each state. */
export function accessibleNameOf(i18n: I18n, stat: StateStat): string {
  return stat.count === null
    ? i18n._('{name}, children in foster care: not available', { name: stat.name })
    : i18n._('{name}, {count} children in foster care', { name: stat.name, count: formatCount(stat.count) });
}

/** "Kansas, 3 churches in the network": a state's name on the churches layer. */
export function churchesNameOf(i18n: I18n, stat: StateStat): string {
  return i18n._('{name}, {count, plural, one {# church} other {# churches}} in the network', { name: stat.name, count: stat.churches });
}

/**
 * The US map as SVG: each state (and DC) is a button — click, tap, or focus it and press Enter or
 * Space. States too small to hit get a labelled box beside the map that selects them too.
 */
export function StateMap({ states, selected, onSelect, neutral = false, neutralNameOf: nameOnLayer, overlay }: StateMapProps) {
  const { i18n } = useLingui();
  const neutralNameOf = nameOnLayer ?? ((stat: StateStat) => churchesNameOf(i18n, stat));
  const [focused, setFocused] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const byCode = new Map(states.map((s) => [s.code, s]));
  const shapeOf = (code: string) => STATE_SHAPES[code as StateCode];
  // The caption under the map names the state under the pointer, or else the one with keyboard focus.
  const previewCode = hovered ?? focused;
  const previewStat = previewCode ? byCode.get(previewCode as StateCode) : undefined;
  const shade = (stat: StateStat) => (neutral ? NEUTRAL_SHADE : shadeOf(stat.count));

  function onKeyDown(event: KeyboardEvent, code: string) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(code);
    }
  }

  // A white halo under a dark line, so the outline shows on the lightest and the darkest shade alike.
  const outline = (code: string | null, className: string | undefined) => {
    const shape = code ? shapeOf(code) : undefined;
    if (!shape) return null;
    return (
      <g aria-hidden="true" className={className}>
        <path d={shape.d} className={classes.halo} />
        <path d={shape.d} className={classes.line} />
      </g>
    );
  };

  return (
    <div className={classes.frame}>
      <div className={classes.canvas}>
        <svg
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          className={classes.map}
          role="group"
          aria-label={i18n._('Map of the United States')}
          onMouseLeave={() => setHovered(null)}
        >
          <defs>
            <pattern id="map-unknown" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill="#e3e6e8" />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#8c959c" strokeWidth="2" />
            </pattern>
          </defs>

          <g>
            {states.map((stat) => {
              const shape = shapeOf(stat.code);
              if (!shape) return null;
              return (
                <path
                  key={stat.code}
                  d={shape.d}
                  fill={shade(stat).fill}
                  className={classes.state}
                  role="button"
                  tabIndex={neutral ? -1 : 0}
                  aria-label={neutral ? neutralNameOf(stat) : accessibleNameOf(i18n, stat)}
                  aria-pressed={stat.code === selected}
                  data-state={stat.code}
                  onClick={() => onSelect(stat.code)}
                  onKeyDown={(event) => onKeyDown(event, stat.code)}
                  onFocus={() => setFocused(stat.code)}
                  onBlur={() => setFocused((current) => (current === stat.code ? null : current))}
                  onMouseEnter={() => setHovered(stat.code)}
                />
              );
            })}
          </g>

          {/* Outlines drawn above every state, so neighbours never cover them. */}
          {outline(selected, classes.selectedOutline)}
          {focused !== selected ? outline(focused, classes.focusOutline) : outline(focused, classes.focusOutlineSelected)}

          <g aria-hidden="true" className={classes.labels}>
            {states.map((stat) => {
              const code = stat.code as StateCode;
              const shape = shapeOf(code);
              if (!shape || CALLOUTS[code] || (shape.area < MIN_LABEL_AREA && !ALWAYS_LABELLED.has(code))) return null;
              const [x, y] = LABEL_POSITIONS[code] ?? shape.label;
              // A label outside its shape (Hawaii's) sits on the page, not on the state's shade.
              const ink = LABEL_POSITIONS[code] && ALWAYS_LABELLED.has(code) ? '#272E2E' : shade(stat).ink;
              return (
                <text key={stat.code} x={x} y={y} fill={ink}>
                  {stat.code}
                </text>
              );
            })}
          </g>

          {/* Pointer targets for the small states; keyboard users reach those states' own buttons. */}
          <g aria-hidden="true">
            {states.map((stat) => {
              const callout = CALLOUTS[stat.code as StateCode];
              if (!callout) return null;
              const [x, y] = callout.box;
              const [ax, ay] = callout.anchor;
              const { fill, ink } = shade(stat);
              const isOnRight = ax < x;
              return (
                <g
                  key={stat.code}
                  className={classes.callout}
                  data-callout={stat.code}
                  data-selected={stat.code === selected || undefined}
                  data-focused={stat.code === focused || undefined}
                  onClick={() => onSelect(stat.code)}
                  onMouseEnter={() => setHovered(stat.code)}
                >
                  <line
                    x1={isOnRight ? x : x + CALLOUT_SIZE.width / 2}
                    y1={isOnRight ? y + CALLOUT_SIZE.height / 2 : y + CALLOUT_SIZE.height}
                    x2={ax}
                    y2={ay}
                    className={classes.leader}
                  />
                  <circle cx={ax} cy={ay} r="1.6" className={classes.leaderEnd} />
                  <rect
                    x={x}
                    y={y}
                    width={CALLOUT_SIZE.width}
                    height={CALLOUT_SIZE.height}
                    rx="3"
                    fill={fill}
                    className={classes.calloutBox}
                  />
                  <text x={x + CALLOUT_SIZE.width / 2} y={y + CALLOUT_SIZE.height / 2} fill={ink}>
                    {stat.code}
                  </text>
                </g>
              );
            })}
          </g>
        </svg>
        {overlay}
      </div>
      <p className={classes.hover} aria-hidden="true">
        {previewStat
          ? neutral
            ? neutralNameOf(previewStat)
            : countCitation(previewStat)
              ? i18n._('{name}: {count} ({citation})', {
                  name: previewStat.name,
                  count: formatCount(previewStat.count),
                  citation: countCitation(previewStat),
                })
              : i18n._('{name}: {count}', { name: previewStat.name, count: formatCount(previewStat.count) })
          : ' '}
      </p>
    </div>
  );
}
