// The churches feature's public face for other features (the demo content places its churches as the app does).
export { locationColumns, placeOfZip } from './store';
