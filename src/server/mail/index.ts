// Mail's public face: features queue mail by form and render it for the admin preview.
export { MAIL_FORMS, announceMail, renderMail, type MailForm, type MailHeaders, type Outbox, type RenderMailInput } from './outbox';
// The metrics read how much mail waits (decision 022).
export { outboxDepth, type OutboxDepth } from './outbox';
