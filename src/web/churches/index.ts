// The churches feature's public face for other features' pages: the profile page's "Your church", the
// dashboard's links to it and its new members, and a church's fields (and its state select) for the admin's forms.
export { YourChurch } from './your-church';
export { YourChurchLinks } from './your-church-link';
export { NewChurchMembers } from './new-church-members';
export { ChurchFieldInputs, churchFieldsInput, churchFieldValues, type ChurchFieldValues } from './church-fields';
export { useStateOptions } from './state-options';
export { myChurchQueryOptions } from './church-members-api';
