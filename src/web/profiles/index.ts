// Profiles' public face for other features' pages: the square cropper, which a church's photo uses too.
export { PhotoCropper } from './photo-cropper';
