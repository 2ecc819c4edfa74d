// The map's public face: what the landing page shows before and beside the map.
import { lazy } from 'react';
export { formatCount } from './format';
export { MapPlaceholder } from './map-placeholder';
export { useStates } from './states-query';

/** The interactive map, in a chunk of its own: the landing page paints before it arrives. */
export const StateMapSection = lazy(() => import('./state-map-section'));

/** A state drawn alone with a church's marker (a church's page), in a chunk of its own with the shapes. */
export const StateOutline = lazy(() => import('./state-outline'));
export { useNeedFigures } from './need-figures-query';
