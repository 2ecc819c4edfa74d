/**
 * Writes src/web/map/us-map-shapes.ts: one compact SVG path per state (and DC) from us-atlas's
 * pre-projected states-albers-10m topology (Albers USA, Alaska and Hawaii inset, 975 × 610).
 *
 * Done once here rather than in the browser, so the page ships neither the topology nor d3-geo and
 * topojson-client: the arcs are simplified (shared borders stay shared, because each arc is simplified
 * once), snapped to a quarter unit and written as relative path commands.
 *
 *   node --import tsx scripts/generate-us-map.ts
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoPath } from 'd3-geo';
import type { Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { US_STATES } from '../src/shared/states';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/web/map/us-map-shapes.ts');
/** Points closer than this to the simplified line are dropped (in map units; the map is 975 wide). */
const TOLERANCE = 0.3;
/** Coordinates are snapped to 1/GRID of a unit. */
const GRID = 4;

type Point = [number, number];
type Props = { name: string };
const topology = createRequire(import.meta.url)('us-atlas/states-albers-10m.json') as Topology<{
  states: GeometryCollection<Props>;
}>;

// Decode the quantized, delta-encoded arcs into map coordinates.
const { scale, translate } = topology.transform!;
const arcs: Point[][] = topology.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx!;
    y += dy!;
    return [x * scale[0] + translate[0], y * scale[1] + translate[1]];
  });
});

/** Douglas–Peucker, keeping both ends so neighbouring states still meet. */
function simplify(points: Point[], tolerance: number): Point[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let index = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i]!;
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (d > farthest) {
        farthest = d;
        index = i;
      }
    }
    if (farthest > tolerance) {
      keep[index] = 1;
      stack.push([a, index], [index, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const snapped: Point[][] = arcs.map((arc) =>
  simplify(arc, TOLERANCE).map(([x, y]) => [Math.round(x * GRID), Math.round(y * GRID)] as Point),
);

function ring(indexes: number[]): Point[] {
  const out: Point[] = [];
  for (const i of indexes) {
    const arc = i >= 0 ? snapped[i]! : [...snapped[~i]!].reverse();
    out.push(...(out.length ? arc.slice(1) : arc));
  }
  return out;
}

const num = (v: number) => {
  const s = String(v / GRID);
  return s.replace(/^(-?)0\./, '$1.');
};

/** "M x y" then relative "l" steps; repeated points dropped; the closing step is implied by "z". */
function pathOf(rings: Point[][]): string {
  let d = '';
  for (const points of rings) {
    if (points.length < 4) continue;
    let [px, py] = points[0]!;
    d += `M${num(px)} ${num(py)}l`;
    let body = '';
    for (let i = 1; i < points.length - 1; i++) {
      const [x, y] = points[i]!;
      const dx = x - px;
      const dy = y - py;
      if (!dx && !dy) continue;
      const sx = num(dx);
      const sy = num(dy);
      body += (body === '' || sx.startsWith('-') ? '' : ' ') + sx + (sy.startsWith('-') ? '' : ' ') + sy;
      [px, py] = [x, y];
    }
    d += `${body}z`;
  }
  return d;
}

// Label points from the unsimplified shapes: the centroid of each state's largest part.
const projection = geoPath(null);
const features = feature(topology, topology.objects.states).features;
const byName = new Map(features.map((f) => [f.properties.name, f]));

const round1 = (v: number) => Math.round(v * 10) / 10;
const entries: string[] = [];
let bytes = 0;
for (const state of US_STATES) {
  const geometry = topology.objects.states.geometries.find((g) => (g.properties as Props | undefined)?.name === state.name);
  const shape = byName.get(state.name);
  if (!geometry || !shape) throw new Error(`us-atlas has no shape named ${state.name}`);
  const polygons = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.type === 'MultiPolygon' ? geometry.arcs : [];
  const d = pathOf(polygons.flatMap((polygon) => polygon.map(ring)));
  const parts: Polygon[] =
    shape.geometry.type === 'Polygon'
      ? [shape.geometry]
      : shape.geometry.type === 'MultiPolygon'
        ? shape.geometry.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
        : [];
  const largest = parts.reduce((a, b) => (projection.area(b) > projection.area(a) ? b : a));
  const [x, y] = projection.centroid(largest);
  const area = Math.round(projection.area(shape));
  bytes += d.length;
  entries.push(`  ${state.code}: { d: '${d}', label: [${round1(x)}, ${round1(y)}], area: ${area} },`);
}

const source = `// Generated by scripts/generate-us-map.ts from us-atlas (states-albers-10m, pre-projected Albers USA).
// Do not edit by hand; run the script again instead.
import type { StateCode } from '../../shared/states';

export const MAP_WIDTH = 975;
export const MAP_HEIGHT = 610;

export type StateShape = {
  /** SVG path data in map units. */
  d: string;
  /** Where a label sits: the centroid of the state's largest part. */
  label: [number, number];
  /** Area in square map units, to tell which states are too small for a label of their own. */
  area: number;
};

export const STATE_SHAPES: Record<StateCode, StateShape> = {
${entries.join('\n')}
};
`;
fs.writeFileSync(OUT, source);
process.stdout.write(
  `wrote ${path.relative(process.cwd(), OUT)}: ${entries.length} shapes, ${(bytes / 1024).toFixed(1)} KB of path data\n`,
);
