// User-facing strings the product's rules quote (product.md §9.1 and the screens of §3). Used exactly, everywhere;
// their Spanish is written once, in the catalog (show them with i18n._).
export const MESSAGES = {
  signInFailed: /*i18n*/ 'Failed to sign in',
  signUpFailed: /*i18n*/ 'Failed to create an account',
  resetFailed: /*i18n*/ 'Failed to reset',
  updateAccountFailed: /*i18n*/ 'Failed to update account',
  passwordsDoNotMatch: /*i18n*/ 'Passwords do not match',
  signOutFailed: /*i18n*/ 'Failed to log out',
  deleteProfileFailed: /*i18n*/ 'Problem deleting profile',
  profilesLoadFailed: /*i18n*/ 'Trouble gathering profiles. Please try again later.',
  adminClosed: /*i18n*/ "Sorry. We're closed.",
  notLoggedIn: /*i18n*/ 'Not Logged In',
  checkInbox: /*i18n*/ 'check your inbox for instructions',
  messageSent: /*i18n*/ 'Message sent.',
  emailSent: /*i18n*/ 'Email sent!',
  accountDeleted: /*i18n*/ 'Success! Your account is deleted.',
  needProfileToPost: /*i18n*/ 'You need a profile to post. You can create one in your dashboard.',
  pageNotFound: /*i18n*/ 'page not found',
  humanPersonButton: /*i18n*/ 'I am indeed a person',
  humanButton: /*i18n*/ 'I am indeed human',
  recentLoginRequired:
    /*i18n*/ 'For your security, changing your email or password needs a recent sign-in. Please sign out and sign in again, or contact the team.',
  publishNotice:
    /*i18n*/ 'By registering, you allow the information you enter in your profile to be published to the other members of the network.',
} as const;
