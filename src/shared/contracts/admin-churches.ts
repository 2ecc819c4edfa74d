import { z } from 'zod';
import { CHURCH_NOT_FOUND, churchDeclineSchema, churchFieldsSchema } from '../churches';
import {
  adminChurchListQuerySchema,
  adminChurchListResponseSchema,
  adminChurchSchema,
  churchApprovalSchema,
  churchLinkSchema,
  churchLinkSuggestionsResponseSchema,
  churchMergeSchema,
  churchPointPersonsSchema,
} from '../churches-admin';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { serialId } from './params';

// The admin area's churches (issue 25): all of them, the proposals' queue, merging, point persons and the links
// of members' free-text church names. An admin whose session passed the second factor, nobody else.

const tags: ['Admin'] = ['Admin'];
const idParams = z.object({ id: serialId(CHURCH_NOT_FOUND, "A church's id") });
const answer = json(adminChurchSchema, 'The church as the admin area shows it');

export const listAdminChurches = contract({
  method: 'get',
  path: '/admin/churches',
  access: 'admin',
  tags,
  summary: 'A page of every church (any status), searched by name, city or ZIP code; proposals oldest first',
  request: { query: adminChurchListQuerySchema },
  responses: { 200: json(adminChurchListResponseSchema, 'The page, and where the next one starts') },
});

export const exportChurches = contract({
  method: 'get',
  path: '/admin/churches.csv',
  access: 'admin',
  tags,
  summary: 'Every church as a CSV file (the download is written to the activity log)',
  responses: { 200: { description: 'The CSV file, with a header row', content: { 'text/csv': { schema: z.string() } } } },
});

export const createChurch = contract({
  method: 'post',
  path: '/admin/churches',
  access: 'admin',
  tags,
  summary: 'Add a church to the network directly (active at once)',
  request: { body: jsonBody(churchFieldsSchema) },
  responses: { 201: answer, ...errors(413) },
});

export const updateChurch = contract({
  method: 'put',
  path: '/admin/churches/{id}',
  access: 'admin',
  tags,
  summary: "Edit any church's fields, whatever its status",
  request: { params: idParams, body: jsonBody(churchFieldsSchema) },
  responses: { 200: answer, ...errors(413) },
});

export const approveChurch = contract({
  method: 'post',
  path: '/admin/churches/{id}/approve',
  access: 'admin',
  tags,
  summary: 'Approve a proposal, optionally completing its fields: it joins the network and its proposer is told by mail',
  request: { params: idParams, body: jsonBody(churchApprovalSchema) },
  responses: { 200: answer, ...errors(409, 413) },
});

export const declineChurch = contract({
  method: 'post',
  path: '/admin/churches/{id}/decline',
  access: 'admin',
  tags,
  summary: 'Decline a proposal: it is deleted with the claims on it, and its proposer is sent the reason',
  request: { params: idParams, body: jsonBody(churchDeclineSchema) },
  responses: { 200: json(okSchema, 'Declined'), ...errors(409, 413) },
});

export const mergeChurch = contract({
  method: 'post',
  path: '/admin/churches/{id}/merge',
  access: 'admin',
  tags,
  summary: 'Merge a church into an active one: its members and point persons (up to three) move there, then it is deleted',
  request: { params: idParams, body: jsonBody(churchMergeSchema) },
  responses: { 200: json(adminChurchSchema, 'The church merged into'), ...errors(409, 413) },
});

export const archiveChurch = contract({
  method: 'post',
  path: '/admin/churches/{id}/archive',
  access: 'admin',
  tags,
  summary: 'Archive an active church: it keeps its members but leaves every public list',
  request: { params: idParams },
  responses: { 200: answer, ...errors(409) },
});

export const restoreChurch = contract({
  method: 'post',
  path: '/admin/churches/{id}/restore',
  access: 'admin',
  tags,
  summary: 'Restore an archived church to the network',
  request: { params: idParams },
  responses: { 200: answer, ...errors(409) },
});

export const setPointPersons = contract({
  method: 'put',
  path: '/admin/churches/{id}/point-persons',
  access: 'admin',
  tags,
  summary: "Set a church's point persons (one to three members with a saved profile); each is a confirmed member of it",
  request: { params: idParams, body: jsonBody(churchPointPersonsSchema) },
  responses: { 200: answer, ...errors(413) },
});

export const listLinkSuggestions = contract({
  method: 'get',
  path: '/admin/churches/link-suggestions',
  access: 'admin',
  tags,
  summary: "Members whose profile names a church in words only, with the network's most alike churches in their state",
  responses: { 200: json(churchLinkSuggestionsResponseSchema, 'The suggestions') },
});

export const linkMember = contract({
  method: 'post',
  path: '/admin/churches/{id}/link',
  access: 'admin',
  tags,
  summary: 'Link a member who named this church in words to it (confirmed, since an admin did it)',
  request: { params: idParams, body: jsonBody(churchLinkSchema) },
  responses: { 200: answer, ...errors(409, 413) },
});
