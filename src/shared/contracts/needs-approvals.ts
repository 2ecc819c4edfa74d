import { z } from 'zod';
import { ACCOUNT_NOT_FOUND } from '../admin';
import { NEED_NOT_FOUND, SUPERVISOR_LINK_USED } from '../needs';
import {
  adminCaseworkerListSchema,
  adminCaseworkerQuerySchema,
  adminCaseworkerSchema,
  caseworkerApplicationSchema,
  myCaseworkerSchema,
  needQueueSchema,
  needReasonSchema,
  supervisorDecisionResultSchema,
  supervisorDecisionSchema,
  supervisorRequestSchema,
} from '../needs-approvals';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { accountId, serialId } from './params';

// Approving on the needs board (issue 26): a caseworker's application and the admin's decision on it, the
// supervisor's single-use link (no sign-in), and the admin's queue of requests waiting for approval.

const needTags: ['Needs'] = ['Needs'];
const adminTags: ['Admin'] = ['Admin'];

/** The supervisor's token: 43 URL-safe characters (32 random bytes); anything else names no request. */
const tokenParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, SUPERVISOR_LINK_USED)
    .meta({ description: "The single-use token of the supervisor's link" }),
});
const uidParams = z.object({ uid: accountId(ACCOUNT_NOT_FOUND, "A caseworker's account id") });
const needParams = z.object({ id: serialId(NEED_NOT_FOUND, "A need's id") });

export const applyAsCaseworker = contract({
  method: 'post',
  path: '/caseworkers/apply',
  access: 'member',
  tags: needTags,
  summary: 'Apply for a caseworker account (a confirmed address); the team is told, an admin approves it',
  request: { body: jsonBody(caseworkerApplicationSchema) },
  responses: { 201: json(myCaseworkerSchema, 'The application as saved'), ...errors(409, 413, 429) },
});

export const getMyCaseworker = contract({
  method: 'get',
  path: '/me/caseworker',
  access: 'member',
  tags: needTags,
  summary: "The signed-in account's caseworker application and its status, or null",
  responses: { 200: json(myCaseworkerSchema, 'The application, or null') },
});

export const getSupervisorRequest = contract({
  method: 'get',
  path: '/needs/approve/{token}',
  access: 'anyone',
  tags: needTags,
  summary: "A caseworker's request as their supervisor reads it from the mailed link (signs nobody in)",
  request: { params: tokenParams },
  responses: { 200: json(supervisorRequestSchema, 'The request'), ...errors(410) },
});

export const decideSupervisorRequest = contract({
  method: 'post',
  path: '/needs/approve/{token}',
  access: 'anyone',
  tags: needTags,
  summary: 'The supervisor approves (it goes on the board) or declines (the caseworker is sent the reason); the link works once',
  request: { params: tokenParams, body: jsonBody(supervisorDecisionSchema) },
  responses: { 200: json(supervisorDecisionResultSchema, 'What the request became'), ...errors(410, 413) },
});

export const listCaseworkers = contract({
  method: 'get',
  path: '/admin/caseworkers',
  access: 'admin',
  tags: adminTags,
  summary: 'Caseworkers: applications waiting (oldest first), then those decided (newest first)',
  request: { query: adminCaseworkerQuerySchema },
  responses: { 200: json(adminCaseworkerListSchema, 'The caseworkers') },
});

export const approveCaseworker = contract({
  method: 'post',
  path: '/admin/caseworkers/{uid}/approve',
  access: 'admin',
  tags: adminTags,
  summary: 'Approve a caseworker account: they may write requests, each approved by their supervisor; they are told by mail',
  request: { params: uidParams },
  responses: { 200: json(adminCaseworkerSchema, 'The caseworker'), ...errors(409) },
});

export const declineCaseworker = contract({
  method: 'post',
  path: '/admin/caseworkers/{uid}/decline',
  access: 'admin',
  tags: adminTags,
  summary: 'Decline a caseworker application (or withdraw an approval) with the reason they are sent',
  request: { params: uidParams, body: jsonBody(needReasonSchema) },
  responses: { 200: json(adminCaseworkerSchema, 'The caseworker'), ...errors(409, 413) },
});

export const listNeedQueue = contract({
  method: 'get',
  path: '/admin/needs/queue',
  access: 'admin',
  tags: adminTags,
  summary: 'Requests waiting for approval, oldest first, with how long each has waited',
  responses: { 200: json(needQueueSchema, 'The queue') },
});

export const approveNeed = contract({
  method: 'post',
  path: '/admin/needs/{id}/approve',
  access: 'admin',
  tags: adminTags,
  summary: 'Approve a waiting request: it goes on the board and is routed; the asker is told by mail',
  request: { params: needParams },
  responses: { 200: json(okSchema, 'Approved'), ...errors(409) },
});

export const declineNeed = contract({
  method: 'post',
  path: '/admin/needs/{id}/decline',
  access: 'admin',
  tags: adminTags,
  summary: 'Decline a waiting request with the reason its asker is sent',
  request: { params: needParams, body: jsonBody(needReasonSchema) },
  responses: { 200: json(okSchema, 'Declined'), ...errors(409, 413) },
});
