// Notifications' public face: the forum follows posts for their authors and notifies followers of responses.
export { followAutomatically } from './follows';
export { notifyResponse, type Recipient } from './service';
// The digest job's work (decisions 026, 030).
export { makeDueDigests, type DigestRunSummary } from './due-digests';
