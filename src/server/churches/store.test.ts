import { describe, expect, it } from 'vitest';
import { STATE_SHAPES } from '../../web/map/us-map-shapes';
import { useTestApp } from '../testing/app';
import { insertChurch, insertMember } from '../testing/factories';
import { boundingBox, mapPoint, milesBetween, zipPlace } from './geo';
import { churchFigures, placeOfZip } from './store';

// Where ZIP codes are, and what a church's figures count (issue 25, decision 034).

const t = useTestApp();

describe('ZIP codes', () => {
  it('knows the places of ZIP codes in the states and DC, and none outside them', () => {
    expect(zipPlace('65802')).toMatchObject({ city: 'Springfield', state: 'MO' });
    expect(zipPlace('20500')).toMatchObject({ state: 'DC' });
    expect(zipPlace('99501')).toMatchObject({ state: 'AK' });
    expect(zipPlace('00901')).toBeNull(); // San Juan, Puerto Rico: not on the network's map
    expect(zipPlace('00000')).toBeNull();
  });

  it('measures known distances to within a few miles of the published great-circle ones', () => {
    const at = (zip: string) => zipPlace(zip)!;
    // New York (10001) to Beverly Hills (90210): about 2,450 miles; Springfield MO to Kansas City MO (64105): about 140.
    expect(milesBetween(at('10001'), at('90210'))).toBeGreaterThan(2430);
    expect(milesBetween(at('10001'), at('90210'))).toBeLessThan(2470);
    expect(milesBetween(at('65802'), at('64105'))).toBeGreaterThan(130);
    expect(milesBetween(at('65802'), at('64105'))).toBeLessThan(150);
    expect(milesBetween(at('65802'), at('65802'))).toBe(0);
  });

  it('draws a box that holds every point within the radius', () => {
    const here = zipPlace('65802')!;
    const box = boundingBox(here, 25);
    const edge = { latitude: here.latitude, longitude: box.maxLongitude };
    expect(milesBetween(here, edge)).toBeGreaterThanOrEqual(24.9);
    expect(milesBetween(here, { latitude: box.maxLatitude, longitude: here.longitude })).toBeGreaterThanOrEqual(24.9);
  });

  it("puts a place on the site's map inside its state's outline box, Alaska and Hawaii on their insets", () => {
    for (const zip of ['65802', '10001', '90210', '99501', '96813', '33101', '04101']) {
      const place = zipPlace(zip)!;
      const [x, y] = mapPoint(place)!;
      const xs = [...STATE_SHAPES[place.state].d.matchAll(/M(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
      // The start of each of the state's outlines is on its border: the point is near at least one of them.
      const nearest = Math.min(...xs.map(([sx, sy]) => Math.hypot(sx! - x, sy! - y)));
      expect(nearest, `${zip} (${place.state}) at ${x},${y}`).toBeLessThan(200);
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(975);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(610);
    }
  });

  it('refuses an unknown ZIP code, and one outside the state given, naming the field', () => {
    expect(() => placeOfZip('00000')).toThrow(
      expect.objectContaining({ status: 400, fieldErrors: { zip: expect.stringMatching(/ZIP code/) } }),
    );
    // The state's name is a word of each language: the message is made in each (English is the error's own).
    expect(() => placeOfZip('65802', 'KS')).toThrow(
      expect.objectContaining({
        message: 'This ZIP code is not in Kansas.',
        fieldErrors: { zip: { byLocale: expect.objectContaining({ en: 'This ZIP code is not in Kansas.' }) } },
      }),
    );
    expect(placeOfZip('65802', 'MO').city).toBe('Springfield');
  });
});

describe("a church's figures", () => {
  it('count confirmed members only, and say nothing when fewer than 3 people stand behind them', async () => {
    const family = await insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 3 });
    const other = await insertMember(t.db, { fosterParent: 'No' });
    const claimant = await insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 5 });
    const id = await insertChurch(t.db, { members: [family.id, other.id], claimed: [claimant.id] });
    expect((await churchFigures(t.db, [id], false)).get(id)).toBeNull();
    expect((await churchFigures(t.db, [id], true)).get(id)).toEqual({ members: 2, fosterFamilies: 1, fosterChildren: 3 });
    const third = await insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 1 });
    const more = await insertChurch(t.db, { members: [third.id] });
    expect((await churchFigures(t.db, [id, more], true)).get(more)).toEqual({ members: 1, fosterFamilies: 1, fosterChildren: 1 });
  });
});
