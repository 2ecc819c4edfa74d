// Notifications' public face: the forum follows posts for their authors and notifies followers of responses.
export { followAutomatically } from './follows';
export { notifyResponse, type Recipient } from './service';
