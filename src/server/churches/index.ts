// The churches' public face to other features: the topic announced on every change of a church, the count of
// active churches per state (the states' figures), and where a ZIP code puts a church (the demo content places
// its churches as the app does).
export { activeChurchesByState } from './map';
export { CHURCHES_TOPIC, locationColumns, networkFiguresByState, placeOfZip } from './store';
