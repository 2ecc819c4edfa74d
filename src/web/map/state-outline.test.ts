import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../../shared/states';
import { pathBounds } from './state-outline';
import { MAP_HEIGHT, MAP_WIDTH, STATE_SHAPES } from './us-map-shapes';

// A church's page draws its state alone (issue 25): the box around the state's outline decides the picture.

describe('pathBounds', () => {
  it('follows moves and relative lines to every corner', () => {
    expect(pathBounds('M10 20l5 0 0 5-5 0z')).toEqual({ minX: 10, minY: 20, maxX: 15, maxY: 25 });
    // Several outlines (islands), decimals written as the generator writes them (".5", "-1.25").
    expect(pathBounds('M0 0l1 1zM100 50l-.5-1.25 .5 0z')).toEqual({ minX: 0, minY: 0, maxX: 100, maxY: 50 });
  });

  it("puts every state's box inside the US map, and a small state's box around its label", () => {
    for (const code of STATE_CODES) {
      const b = pathBounds(STATE_SHAPES[code].d);
      // Alaska's Aleutian Islands run off the inset, to the left of the map (us-atlas draws them so).
      expect(b.minX, code).toBeGreaterThanOrEqual(code === 'AK' ? -60 : 0);
      expect(b.maxX, code).toBeLessThanOrEqual(MAP_WIDTH);
      expect(b.minY, code).toBeGreaterThanOrEqual(0);
      expect(b.maxY, code).toBeLessThanOrEqual(MAP_HEIGHT);
      expect(b.maxX - b.minX, code).toBeGreaterThan(0);
      const [x, y] = STATE_SHAPES[code].label;
      // The label sits at the centroid of the state's largest part: inside its box.
      expect(x >= b.minX - 0.5 && x <= b.maxX + 0.5 && y >= b.minY - 0.5 && y <= b.maxY + 0.5, code).toBe(true);
    }
  });
});
