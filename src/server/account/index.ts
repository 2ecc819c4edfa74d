// The account feature's public face: what other features may use.
export { sendVerificationMail } from './email-links';
