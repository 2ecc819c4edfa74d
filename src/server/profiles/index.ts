// Profiles' public face: how other features read and show a member's profile.
export { isListed } from './listing';
export { fieldsOf, photoUrlOf, toPublicProfile, type ProfileRow } from './service';
export { processPhoto } from './photo';
export { photoLimit, photoRate, readPhotoUpload } from './photo-upload';
