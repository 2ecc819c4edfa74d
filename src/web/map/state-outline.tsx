import type { StateCode } from '../../shared/states';
import { STATE_SHAPES } from './us-map-shapes';

/**
 * The box around a state's outline on the US map. The generated paths use only absolute moves (M), relative
 * lines (l, each pair a step) and closes (z), so following the steps finds every corner.
 */
export function pathBounds(d: string): { minX: number; minY: number; maxX: number; maxY: number } {
  let [x, y, minX, minY, maxX, maxY] = [0, 0, Infinity, Infinity, -Infinity, -Infinity];
  let command = 'M';
  const numbers: number[] = [];
  const visit = () => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  };
  for (const token of d.match(/[Mlz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? []) {
    if (/[Mlz]/.test(token)) {
      command = token;
      continue;
    }
    numbers.push(Number(token));
    if (numbers.length < 2) continue;
    const [a, b] = numbers.splice(0, 2) as [number, number];
    if (command === 'M') {
      [x, y] = [a, b];
      // Further pairs after a move are lines from it.
      command = 'L';
    } else if (command === 'l') [x, y] = [x + a, y + b];
    else [x, y] = [a, b];
    visit();
  }
  return { minX, minY, maxX, maxY };
}

type StateOutlineProps = {
  state: StateCode;
  /** Where the church is, in the US map's units, or null when the map leaves it out. */
  point: [number, number] | null;
  /** What the picture shows, for screen readers. */
  label: string;
};

/** A state drawn alone, as on the US map, with a marker where a church is. */
export default function StateOutline({ state, point, label }: StateOutlineProps) {
  const shape = STATE_SHAPES[state];
  const b = pathBounds(shape.d);
  // A margin of a tenth of the larger side, so the outline and a marker on its edge are not cut.
  const pad = Math.max(b.maxX - b.minX, b.maxY - b.minY) * 0.1;
  const viewBox = [b.minX - pad, b.minY - pad, b.maxX - b.minX + 2 * pad, b.maxY - b.minY + 2 * pad].map((n) => n.toFixed(1)).join(' ');
  const size = Math.max(b.maxX - b.minX, b.maxY - b.minY) + 2 * pad;
  return (
    <svg viewBox={viewBox} role="img" aria-label={label} style={{ width: '100%', maxWidth: 320, height: 'auto', display: 'block' }}>
      <path d={shape.d} fill="#DDEFED" stroke="#00797D" strokeWidth={size / 200} />
      {point ? (
        <circle
          cx={point[0]}
          cy={point[1]}
          r={size / 40}
          fill="#D9534F"
          stroke="#FFFFFF"
          strokeWidth={size / 200}
          data-testid="church-marker"
        />
      ) : null}
    </svg>
  );
}
