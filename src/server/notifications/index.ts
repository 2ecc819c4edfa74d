// Notifications' public face: the forum follows posts for their authors and notifies followers of responses.
export { followAutomatically } from './follows';
export {
  notifyResponse,
  reachable,
  readPreferences,
  unsubscribeHeaders,
  unsubscribePageUrl,
  wantingMail,
  NOTIFICATION_SETTINGS_PAGE,
  type Recipient,
} from './service';
export { createUnsubscribeToken } from './unsubscribe-token';
// The digest job's work (decisions 026, 030).
export { makeDueDigests, type DigestRunSummary } from './due-digests';
