// The needs board's face for other features' pages: the dashboard's link to the member's requests, and the
// needs' words (dollars, dates, a nameless member) the admin's queue and the supervisor's page share.
export { YourRequestsLink } from './your-requests-link';
export { dateTime, dollars, itemLine, personName } from './need-words';
export { NeedsNearYou } from './needs-near-you';
