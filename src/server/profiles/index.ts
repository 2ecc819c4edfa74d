// Profiles' public face: how other features read and show a member's profile.
export { isListed } from './listing';
export { fieldsOf, photoUrlOf, toPublicProfile, type ProfileRow } from './service';
