// The churches' public face to other features: the topic announced on every change of a church, and the
// count of active churches per state (the states' figures).
export { activeChurchesByState } from './map';
export { CHURCHES_TOPIC } from './store';
