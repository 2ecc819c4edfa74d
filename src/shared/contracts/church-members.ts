import { z } from 'zod';
import {
  churchClaimSchema,
  churchManageSchema,
  churchMessageSchema,
  churchMessageSentSchema,
  churchPickResponseSchema,
  myChurchSchema,
  newChurchMembersSchema,
} from '../church-members';
import { CHURCH_NOT_FOUND, churchFieldsSchema, churchPickQuerySchema, churchProposalSchema } from '../churches';
import { photoRemovedSchema, photoSavedSchema } from '../profile';
import { photoUploadBody } from './profile';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { accountId, serialId } from './params';

// Members and point persons (issue 25): a member picks their church or proposes one; a point person (or an
// admin) keeps the church's page, its photo, and the list of who belongs, and writes to its members.

const tags: ['Churches'] = ['Churches'];
const idParams = z.object({ id: serialId(CHURCH_NOT_FOUND, "A church's id") });
const memberParams = idParams.extend({ uid: accountId(CHURCH_NOT_FOUND, "A member's id") });

export const pickChurch = contract({
  method: 'get',
  path: '/churches/pick',
  access: 'member',
  tags,
  summary: 'The profile form’s church picker: active churches by name, or near a five-digit ZIP code (50 miles), ten at most',
  request: { query: churchPickQuerySchema },
  responses: { 200: json(churchPickResponseSchema, 'The churches, the likeliest (or nearest) first') },
});

export const getMyChurch = contract({
  method: 'get',
  path: '/me/church',
  access: 'member',
  tags,
  summary: 'The church I say I belong to (and whether a point person confirmed it), and the churches I keep',
  responses: { 200: json(myChurchSchema, 'My church') },
});

export const getMyChurchNewMembers = contract({
  method: 'get',
  path: '/me/church/new-members',
  access: 'member',
  tags,
  summary:
    'Who joined my church in the last 30 days and is listed in the directory (six at most, the newest first): for confirmed members of an active church; none otherwise',
  responses: { 200: json(newChurchMembersSchema, 'My church and its new members') },
});

export const claimChurch = contract({
  method: 'put',
  path: '/me/church',
  access: 'member',
  tags,
  summary: 'Say I belong to an active church (replaces the one before; a point person of it is confirmed at once)',
  request: { body: jsonBody(churchClaimSchema) },
  responses: { 200: json(myChurchSchema, 'My church') },
});

export const leaveChurch = contract({
  method: 'delete',
  path: '/me/church',
  access: 'member',
  tags,
  summary: 'No longer say I belong to a church',
  responses: { 200: json(myChurchSchema, 'My church (none)') },
});

export const proposeChurch = contract({
  method: 'post',
  path: '/churches/proposals',
  access: 'member',
  tags,
  summary:
    'Propose a church that is not in the network: it waits for an admin, is claimed for the proposer, who may offer to keep its page',
  request: { body: jsonBody(churchProposalSchema) },
  responses: { 201: json(myChurchSchema, 'Proposed: my church is now the proposal'), ...errors(409, 413, 429) },
});

export const getChurchManage = contract({
  method: 'get',
  path: '/churches/{id}/manage',
  access: 'member',
  tags,
  summary: 'The church’s page as its point persons (and admins) edit it, and the members who say they belong (no private field)',
  request: { params: idParams },
  responses: { 200: json(churchManageSchema, 'The church to manage') },
});

export const updateChurch = contract({
  method: 'patch',
  path: '/churches/{id}',
  access: 'member',
  tags,
  summary: 'Edit the church’s page (its point persons and admins); the ZIP code places it',
  request: { params: idParams, body: jsonBody(churchFieldsSchema) },
  responses: { 200: json(churchManageSchema, 'The church as saved'), ...errors(413) },
});

export const uploadChurchPhoto = contract({
  method: 'post',
  path: '/churches/{id}/photo',
  access: 'member',
  tags,
  summary: 'Upload the church’s photo or logo and the square to keep; re-encoded with its metadata stripped, as profile photos',
  request: {
    params: idParams,
    body: photoUploadBody,
  },
  responses: { 200: json(photoSavedSchema, 'The address of the new photo'), ...errors(413, 429) },
});

export const removeChurchPhoto = contract({
  method: 'delete',
  path: '/churches/{id}/photo',
  access: 'member',
  tags,
  summary: 'Remove the church’s photo',
  request: { params: idParams },
  responses: { 200: json(photoRemovedSchema, 'Removed') },
});

export const getChurchPhoto = contract({
  method: 'get',
  path: '/churches/{id}/photo',
  access: 'anyone',
  tags,
  summary: 'A church’s photo: an active church’s for anyone; a proposed one’s for its point persons and admins (404 to others)',
  request: {
    params: idParams,
    query: z.object({ v: z.string().optional().meta({ description: 'The version, from the photo’s address' }) }),
  },
  responses: {
    200: { description: 'The photo (with an ETag)', content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } } },
    304: { description: 'Not modified: the copy the browser has (If-None-Match) is current' },
  },
});

export const confirmChurchMember = contract({
  method: 'post',
  path: '/churches/{id}/members/{uid}/confirm',
  access: 'member',
  tags,
  summary: 'Confirm that a member who says so belongs to the church (only confirmed members count in its figures)',
  request: { params: memberParams },
  responses: { 200: json(okSchema, 'Confirmed') },
});

export const removeChurchMember = contract({
  method: 'delete',
  path: '/churches/{id}/members/{uid}',
  access: 'member',
  tags,
  summary: 'Remove a member’s claim to belong to the church',
  request: { params: memberParams },
  responses: { 200: json(okSchema, 'Removed') },
});

export const messageChurchMembers = contract({
  method: 'post',
  path: '/churches/{id}/members/message',
  access: 'member',
  tags,
  summary: 'Write to the church’s confirmed members (one mail each, Reply-To the sender; their addresses stay hidden)',
  request: { params: idParams, body: jsonBody(churchMessageSchema) },
  responses: { 202: json(churchMessageSentSchema, 'Queued, one mail per confirmed member'), ...errors(409, 413, 429) },
});
