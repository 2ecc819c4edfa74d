// Every route that queues mail, and who gets it. The authorization matrix sends every route a request that
// succeeds and fails when a route queued mail without being listed here; mail-limits.test.ts proves that
// each route whose recipient the request chooses is rate limited per account and per client (issue 23,
// defect 3: a change of address mailed any address on demand).

/**
 * - `chosen`: the request names who gets the mail (an address in the body, the account's own or pending
 *   address, a member by id) or whatever it says (the contact form to the team, its reply-to theirs): limited
 *   per account (or per address, before there is an account) and per client.
 * - `fixed`: the recipients follow from the site's own rules (the team's alert of a new post, the members who
 *   asked to hear of a response, a member an admin suspends), not from the request.
 */
export const MAIL_ROUTES: Record<string, 'chosen' | 'fixed'> = {
  'POST /api/auth/sign-up/email': 'chosen',
  'POST /api/auth/request-password-reset': 'chosen',
  'PATCH /api/account': 'chosen',
  'POST /api/account/verification-mail': 'chosen',
  'POST /api/contact': 'chosen',
  'POST /api/directory/:uid/message': 'chosen',
  // To a church's point persons (fixed), but what it says and its Reply-To are the sender's: as the contact form.
  'POST /api/churches/:id/contact': 'chosen',
  'POST /api/posts': 'fixed',
  'POST /api/posts/:id/responses': 'fixed',
  'PUT /api/admin/profiles/:uid/suspension': 'fixed',
  'DELETE /api/admin/profiles/:uid/suspension': 'fixed',
  // Churches (issue 25): a proposal alerts the team; a point person writes to the church's confirmed members.
  'POST /api/churches/proposals': 'fixed',
  'POST /api/churches/:id/members/message': 'fixed',
  // To the member who proposed the church.
  'POST /api/admin/churches/:id/approve': 'fixed',
  'POST /api/admin/churches/:id/decline': 'fixed',
  // The needs board (issue 26): a caseworker's request goes to the supervisor named when an admin approved them.
  'POST /api/needs': 'fixed',
  // The needs board (issue 26): an application alerts the team; each decision tells the caseworker or asker.
  'POST /api/caseworkers/apply': 'fixed',
  'POST /api/admin/caseworkers/:uid/approve': 'fixed',
  'POST /api/admin/caseworkers/:uid/decline': 'fixed',
  'POST /api/needs/approve/:token': 'fixed',
  'POST /api/admin/needs/:id/approve': 'fixed',
  'POST /api/admin/needs/:id/decline': 'fixed',
  // The needs board (issue 26): the asker of the need and the responder; those who committed, when it closes.
  'POST /api/needs/:id/commitments': 'fixed',
  'DELETE /api/needs/:id/commitments/:commitmentId': 'fixed',
  'POST /api/needs/:id/close': 'fixed',
  // Care teams (issue 27): the family a point person starts a team for; the one who started it, of the family's
  // answer; the team, when it ends; those who manage it, of a request to join; the member approved.
  'POST /api/care/teams': 'fixed',
  'POST /api/care/teams/:id/accept': 'fixed',
  'POST /api/care/teams/:id/decline': 'fixed',
  'POST /api/care/teams/:id/end': 'fixed',
  'POST /api/care/join/:token': 'fixed',
  'POST /api/care/teams/:id/membership/accept': 'fixed',
  'POST /api/care/teams/:id/members/:uid/approve': 'fixed',
  // An invitation mails the member the request names.
  'POST /api/care/teams/:id/invitations': 'chosen',
  // Care teams (issue 27): the rest of the team, as each member's "Your care teams" preference says.
  'POST /api/care/teams/:id/posts': 'fixed',
  // The care calendar (issue 27): the team when the family asks, those signed up when it changes, the family
  // when someone signs up or withdraws.
  'POST /api/care/teams/:id/tasks': 'fixed',
  'PATCH /api/care/teams/:id/tasks/:taskId': 'fixed',
  'DELETE /api/care/teams/:id/tasks/:taskId': 'fixed',
  'POST /api/care/teams/:id/tasks/:taskId/skips': 'fixed',
  'POST /api/care/teams/:id/tasks/:taskId/claims': 'fixed',
  'DELETE /api/care/teams/:id/claims/:claimId': 'fixed',
};
