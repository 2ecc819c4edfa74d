// The churches feature's public face for other features' pages: the profile page's "Your church" and the
// dashboard's links to it.
export { YourChurch } from './your-church';
export { YourChurchLinks } from './your-church-link';
