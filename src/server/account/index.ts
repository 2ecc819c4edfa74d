// The account feature's public face: what other features may use.
export { endEmailChanges, sendVerificationMail } from './email-links';
