import { z } from 'zod';
import {
  activityListQuerySchema,
  activityListResponseSchema,
  adminAccessSchema,
  adminMailDetailSchema,
  adminMailListResponseSchema,
  adminMailSummarySchema,
  adminOverviewSchema,
  backgroundWorkSchema,
  adminProfileListResponseSchema,
  mailFormsResponseSchema,
  mailListQuerySchema,
  overviewQuerySchema,
  profileListQuerySchema,
  roleChangeResultSchema,
  roleChangeSchema,
  suspendedSchema,
  suspensionLiftedSchema,
  suspensionSchema,
} from '../admin';
import { contract, errors, json, jsonBody, okSchema } from './define';

// The admin area (product.md §3.17, §7.5): an admin whose session passed the second factor, nobody else (401
// for visitors, 403 for members and for an admin who has not passed it). State figures and page views
// have their admin routes in their own contracts (states.ts, analytics).

const tags: ['Admin'] = ['Admin'];
/** Any text: an id that is not a uuid names no item ("not found", like one that does not exist). */
const mailIdParams = z.object({ id: z.string().meta({ description: "A mail item's uuid" }) });
/** Any text: an id that cannot be an account's names none ("not found"). */
const uidParams = z.object({ uid: z.string().meta({ description: "An account's id" }) });

export const getAccess = contract({
  method: 'get',
  path: '/admin/access',
  access: 'admin',
  tags,
  summary: 'The admin check of the admin area: who asks, and whether ADMIN_EMAILS lists them',
  responses: { 200: json(adminAccessSchema, 'An admin asks') },
});

export const getOverview = contract({
  method: 'get',
  path: '/admin/overview',
  access: 'admin',
  tags,
  summary: 'Totals, members per state, sign-ups per day over a period and mail per delivery state',
  request: { query: overviewQuerySchema },
  responses: { 200: json(adminOverviewSchema, 'The figures') },
});

export const getBackgroundWork = contract({
  method: 'get',
  path: '/admin/background-work',
  access: 'admin',
  tags,
  summary: 'Whether the background work happens: the last digest, the last backup, the mail waiting and each job of the instance',
  responses: { 200: json(backgroundWorkSchema, 'How the background work goes') },
});

export const listMail = contract({
  method: 'get',
  path: '/admin/mail',
  access: 'admin',
  tags,
  summary: 'A page of every mail item, newest first, optionally of one form and one delivery state',
  request: { query: mailListQuerySchema },
  responses: { 200: json(adminMailListResponseSchema, 'The page, and where the next one starts') },
});

export const listMailForms = contract({
  method: 'get',
  path: '/admin/mail/forms',
  access: 'admin',
  tags,
  summary: 'The forms that have mail, with how many items each',
  responses: { 200: json(mailFormsResponseSchema, 'The forms') },
});

export const getMail = contract({
  method: 'get',
  path: '/admin/mail/{id}',
  access: 'admin',
  tags,
  summary: 'One mail item with its text, its HTML part (secret tokens hidden) and its delivery history',
  request: { params: mailIdParams },
  responses: { 200: json(adminMailDetailSchema, 'The item') },
});

export const deleteMail = contract({
  method: 'delete',
  path: '/admin/mail/{id}',
  access: 'admin',
  tags,
  summary: 'Delete a mail item, whatever its state (a pending one is not sent)',
  request: { params: mailIdParams },
  responses: { 200: json(okSchema, 'Deleted') },
});

export const retryMail = contract({
  method: 'post',
  path: '/admin/mail/{id}/retry',
  access: 'admin',
  tags,
  summary: 'Send a failed (ERROR) mail item once more',
  request: { params: mailIdParams },
  responses: { 200: json(adminMailSummarySchema, 'Back in line'), ...errors(409) },
});

export const listProfiles = contract({
  method: 'get',
  path: '/admin/profiles',
  access: 'admin',
  tags,
  summary: "A page of every account's profile, private fields included, searched and sorted",
  request: { query: profileListQuerySchema },
  responses: { 200: json(adminProfileListResponseSchema, 'The page') },
});

export const exportProfiles = contract({
  method: 'get',
  path: '/admin/profiles.csv',
  access: 'admin',
  tags,
  summary: 'Every profile as a CSV file (the download is written to the activity log)',
  responses: { 200: { description: 'The CSV file, with a header row', content: { 'text/csv': { schema: z.string() } } } },
});

export const changeRole = contract({
  method: 'put',
  path: '/admin/profiles/{uid}/role',
  access: 'admin',
  tags,
  summary: "Grant or revoke an account's admin role (not the last admin's, nor one ADMIN_EMAILS lists)",
  request: { params: uidParams, body: jsonBody(roleChangeSchema) },
  responses: { 200: json(roleChangeResultSchema, 'The role now'), ...errors(409, 413) },
});

export const suspendMember = contract({
  method: 'put',
  path: '/admin/profiles/{uid}/suspension',
  access: 'admin',
  tags,
  summary: 'Suspend a member (not an admin, nor oneself): their sessions end and they are told why by mail',
  request: { params: uidParams, body: jsonBody(suspensionSchema) },
  responses: { 200: json(suspendedSchema, 'Suspended'), ...errors(409, 413) },
});

export const liftSuspension = contract({
  method: 'delete',
  path: '/admin/profiles/{uid}/suspension',
  access: 'admin',
  tags,
  summary: "Lift a member's suspension (they are told by mail)",
  request: { params: uidParams },
  responses: { 200: json(suspensionLiftedSchema, 'Lifted'), ...errors(409) },
});

export const listActivity = contract({
  method: 'get',
  path: '/admin/activity',
  access: 'admin',
  tags,
  summary: "A page of the admins' activity log, newest first",
  request: { query: activityListQuerySchema },
  responses: { 200: json(activityListResponseSchema, 'The page, and where the next one starts') },
});
