import type { StateCode } from '../../shared/states';

/**
 * States too small to point at on the map get a labelled box beside it, joined by a leader line.
 * `box` is the box's top-left corner, `anchor` a point inside the state, both in map units.
 */
export type Callout = { box: [number, number]; anchor: [number, number] };

export const CALLOUT_SIZE = { width: 38, height: 20 } as const;

export const CALLOUTS: Partial<Record<StateCode, Callout>> = {
  VT: { box: [808, 70], anchor: [872, 132] },
  NH: { box: [851, 46], anchor: [893, 128] },
  MA: { box: [933, 192], anchor: [910, 166] },
  RI: { box: [933, 216], anchor: [905, 187] },
  CT: { box: [933, 240], anchor: [887, 193] },
  NJ: { box: [933, 264], anchor: [866, 236] },
  DE: { box: [933, 288], anchor: [857, 263] },
  MD: { box: [933, 312], anchor: [847, 277] },
  DC: { box: [933, 336], anchor: [828, 267.5] },
};

/** Where a label reads better than at the centroid of the state's largest part. */
export const LABEL_POSITIONS: Partial<Record<StateCode, [number, number]>> = {
  FL: [778, 530],
  HI: [282, 592],
  MI: [688, 196],
};

/** States large enough to carry their code inside their shape. */
export const MIN_LABEL_AREA = 1500;
/** States that carry a label although they are small (nothing else around them to confuse). */
export const ALWAYS_LABELLED: ReadonlySet<StateCode> = new Set(['HI']);

/** Shading by count: light to dark teal, each class a band of counts. */
export type ShadeClass = { min: number; max: number | null; fill: string; ink: string };

export const SHADES: ShadeClass[] = [
  { min: 0, max: 2_499, fill: '#c9e9e6', ink: '#272E2E' },
  { min: 2_500, max: 4_999, fill: '#a6dedb', ink: '#272E2E' },
  { min: 5_000, max: 9_999, fill: '#5fbdb8', ink: '#272E2E' },
  { min: 10_000, max: 19_999, fill: '#17898c', ink: '#FFFFFF' },
  { min: 20_000, max: null, fill: '#00484c', ink: '#FFFFFF' },
];

/** Unknown counts: a grey hatch, clearly not the lightest shade. */
export const UNKNOWN_SHADE = { fill: 'url(#map-unknown)', swatch: '#e3e6e8', ink: '#272E2E' };

export function shadeOf(count: number | null): { fill: string; ink: string } {
  if (count === null) return UNKNOWN_SHADE;
  return SHADES.find((s) => count >= s.min && (s.max === null || count <= s.max)) ?? SHADES[0]!;
}
