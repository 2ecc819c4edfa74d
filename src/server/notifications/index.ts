// Notifications' public face: the forum follows posts for their authors and notifies followers of responses.
export { followAutomatically } from './follows';
export { notifyResponse, type Recipient } from './service';
// The server starts the digest's job (decision 026).
export { DigestSchedule, type DigestRunSummary } from './digest-schedule';
