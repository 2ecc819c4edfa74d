// The churches' public face to other features: the topic announced on every change of a church, the count of
// active churches per state (the states' figures), where a ZIP code puts a church or a need (the demo content
// places its churches as the app does), distances, and who keeps a church (the needs board routes to them).
export { activeChurchesByState } from './map';
export { CHURCHES_TOPIC, churchById, isPointPerson, locationColumns, networkFiguresByState, placeOfZip } from './store';
export { boundingBox, milesBetween, zipPlace, type ZipPlace } from './geo';
export { countedCommitment, respondingChurchId } from './need-figures';
// Who keeps a church's records (a point person, or an admin): care teams' clearances ask it too.
export { churchPhotoKey, requireKeeper, type Keeper } from './manage';
