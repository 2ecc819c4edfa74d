// The needs board's face to other features (issue 26): its live topics, and a need's shape for lists.
export { CASEWORKERS_TOPIC, NEED_REVIEWS_TOPIC, NEEDS_TOPIC } from './store';
// An account's deletion closes the needs it asked (account/service.ts).
export { closeNeedsOfDeletedAsker } from './close';
export { adminNeedFigures } from './figures';
export { newSupervisorLink } from './store';
