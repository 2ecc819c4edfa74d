// Profiles' public face for other features' pages: choosing a square photo, which a church's photo uses too.
export { PhotoChooser } from './photo-chooser';
