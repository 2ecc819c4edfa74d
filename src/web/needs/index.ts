// The needs board's face for other features' pages: the dashboard's link to the member's requests.
export { YourRequestsLink } from './your-requests-link';
