// Profiles' public face for other features' pages: choosing a square photo, which a church's photo uses too.
export { PhotoChooser } from './photo-chooser';
// The member's home (issue 29) reads the saved profile (the ZIP code, the directory's rule) and says the rule.
export { ownProfileQueryOptions } from './profile-api';
export { DirectoryRuleNotice } from './directory-rule';
