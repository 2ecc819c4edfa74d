import {
  accountUpdatedSchema,
  chooseLocaleSchema,
  checkInboxSchema,
  confirmationMailSchema,
  linkSentSchema,
  meResponseSchema,
  signedInMeSchema,
  updateAccountSchema,
  verifyEmailResultSchema,
  verifyEmailSchema,
} from '../account';
import { contract, errors, json, jsonBody, okSchema } from './define';

// The account (product.md §3.8 and §6.3, issue 11): who is signed in, a new email or password,
// confirming an address with its mailed link, and deleting the account. Signing in and out, sign-up and
// password resets are Better Auth's (contracts/auth.ts).

const tags: ['Account'] = ['Account'];

export const getMe = contract({
  method: 'get',
  path: '/me',
  access: 'anyone',
  tags,
  summary: 'The signed-in member, or null',
  responses: { 200: json(meResponseSchema, 'The member, or null for a visitor') },
});

export const verifyEmail = contract({
  method: 'post',
  path: '/account/verify-email',
  access: 'anyone',
  tags,
  summary: "Open a mailed link: confirm the account's address, or move the account to a new one",
  request: { body: jsonBody(verifyEmailSchema) },
  responses: { 200: json(verifyEmailResultSchema, 'Confirmed'), ...errors(401, 403, 409, 413, 429) },
});

export const sendVerificationMail = contract({
  method: 'post',
  path: '/account/verification-mail',
  access: 'member',
  tags,
  summary: 'Send the confirmation link again (the pending change’s, if any)',
  responses: { 200: json(linkSentSchema, 'Sent'), ...errors(400, 409, 429) },
});

export const sendConfirmationMail = contract({
  method: 'post',
  path: '/account/confirmation-mail',
  access: 'anyone',
  tags,
  summary:
    'Send the confirmation link of a new account again, by its address, without a session (the same answer for any address; a confirmed account’s owner gets a note instead)',
  request: { body: jsonBody(confirmationMailSchema) },
  responses: { 200: json(checkInboxSchema, 'Sent, if the address has an account'), ...errors(413, 429) },
});

export const cancelEmailChange = contract({
  method: 'delete',
  path: '/account/pending-email',
  access: 'member',
  tags,
  summary: 'Cancel a change of address that waits for its confirmation',
  responses: { 200: json(signedInMeSchema, 'Cancelled: the member as they are now') },
});

export const updateAccount = contract({
  method: 'patch',
  path: '/account',
  access: 'member',
  tags,
  summary: 'A new email (confirmed by a mailed link) and/or a new password; both need a recent sign-in',
  request: { body: jsonBody(updateAccountSchema) },
  responses: { 200: json(accountUpdatedSchema, 'Changed (or asked)'), ...errors(403, 413, 429) },
});

export const signOutEverywhere = contract({
  method: 'post',
  path: '/account/sign-out-everywhere',
  access: 'member',
  tags,
  summary: 'End every session of the account, this one too, and every change of address waiting for its link',
  responses: { 200: json(okSchema, 'Signed out everywhere') },
});

export const deleteAccount = contract({
  method: 'delete',
  path: '/account',
  access: 'member',
  tags,
  summary: 'Delete the account, its profile and photo, and sign out',
  responses: { 200: json(okSchema, 'Deleted') },
});

export const chooseLocale = contract({
  method: 'put',
  path: '/locale',
  access: 'anyone',
  tags,
  summary: "The site's language for this browser (a cookie) and, for a member, their saved preference (their mail's too)",
  request: { body: jsonBody(chooseLocaleSchema) },
  responses: { 200: json(chooseLocaleSchema, 'Chosen'), ...errors(413) },
});
