// The account feature's public face: what other features may use.
export { endEmailChanges, sendVerificationMail } from './email-links';
// Auth's sign-up mails the owner of a taken address (issue 23).
export { mailExistingAccountNote } from './sign-up-mail';
