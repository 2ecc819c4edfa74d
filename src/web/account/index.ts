// The account feature's public face: what other features may show.
export { PendingEmailNotice } from './pending-email-notice';
