// User-facing strings the product's rules quote (product.md §9.1 and the screens of §3). Used exactly, everywhere.
export const MESSAGES = {
  signInFailed: 'Failed to sign in',
  signUpFailed: 'Failed to create an account',
  resetFailed: 'Failed to reset',
  updateAccountFailed: 'Failed to update account',
  passwordsDoNotMatch: 'Passwords do not match',
  signOutFailed: 'Failed to log out',
  deleteProfileFailed: 'Problem deleting profile',
  profilesLoadFailed: 'Trouble gathering profiles. Please try again later.',
  adminClosed: "Sorry. We're closed.",
  notLoggedIn: 'Not Logged In',
  checkInbox: 'check your inbox for instructions',
  messageSent: 'Message sent.',
  emailSent: 'Email sent!',
  accountDeleted: 'Success! Your account is deleted.',
  needProfileToPost: 'You need a profile to post. You can create one in your dashboard.',
  pageNotFound: 'page not found',
  humanPersonButton: 'I am indeed a person',
  humanButton: 'I am indeed human',
  recentLoginRequired:
    'For your security, changing your email or password needs a recent sign-in. Please sign out and sign in again, or contact the team.',
  publishNotice: 'By registering, you allow the information you enter in your profile to be published to the other members of the network.',
} as const;
