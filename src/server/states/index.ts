// The states' public face: the network's figures by state, and their first rows.
export { membersByState, seedStateStats } from './service';
