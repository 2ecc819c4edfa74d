import { z } from 'zod';
import {
  adminClearanceListSchema,
  adminClearanceQuerySchema,
  churchClearancesSchema,
  CLEARANCE_MEMBER_NOT_FOUND,
  CLEARANCE_REQUIREMENT_NOT_FOUND,
  clearanceAgreementSchema,
  clearanceRecordInputSchema,
  clearanceRequirementInputSchema,
  clearanceRequirementListSchema,
  clearanceRequirementPatchSchema,
  clearanceRequirementSchema,
  memberClearancesSchema,
  myClearancesSchema,
} from '../clearances';
import { CHURCH_NOT_FOUND } from '../churches';
import { contract, errors, json, jsonBody } from './define';
import { accountId, serialId } from './params';

// Clearances (issue 27): the admins' requirements and members' records, a point person's records for their
// church's members, and the member's own page with the confidentiality agreement. Only statuses and dates.

const tags: ['Care teams'] = ['Care teams'];
const adminTags: ['Admin'] = ['Admin'];

const requirementParams = z.object({ id: serialId(CLEARANCE_REQUIREMENT_NOT_FOUND, "A clearance requirement's id") });
const recordParams = z.object({
  uid: accountId(CLEARANCE_MEMBER_NOT_FOUND, "The member's account id"),
  requirementId: serialId(CLEARANCE_REQUIREMENT_NOT_FOUND, "A clearance requirement's id"),
});
const churchParams = z.object({ id: serialId(CHURCH_NOT_FOUND, "A church's id") });

export const listClearanceRequirements = contract({
  method: 'get',
  path: '/admin/clearances/requirements',
  access: 'admin',
  tags: adminTags,
  summary: 'Every clearance requirement, archived ones last',
  responses: { 200: json(clearanceRequirementListSchema, 'The requirements') },
});

export const createClearanceRequirement = contract({
  method: 'post',
  path: '/admin/clearances/requirements',
  access: 'admin',
  tags: adminTags,
  summary: 'Add a requirement: name, kind, description (the agreement’s text), months valid, the roles (or details) that need it',
  request: { body: jsonBody(clearanceRequirementInputSchema) },
  responses: { 201: json(clearanceRequirementSchema, 'The requirement'), ...errors(413) },
});

export const updateClearanceRequirement = contract({
  method: 'patch',
  path: '/admin/clearances/requirements/{id}',
  access: 'admin',
  tags: adminTags,
  summary: 'Change a requirement, or archive it (it stops counting at once) or restore it',
  request: { params: requirementParams, body: jsonBody(clearanceRequirementPatchSchema) },
  responses: { 200: json(clearanceRequirementSchema, 'The requirement'), ...errors(413) },
});

export const listMemberClearances = contract({
  method: 'get',
  path: '/admin/clearances',
  access: 'admin',
  tags: adminTags,
  summary: 'Members with a clearance record or on a care team, each requirement’s state; searched by name, by state, a page',
  request: { query: adminClearanceQuerySchema },
  responses: { 200: json(adminClearanceListSchema, 'A page of members') },
});

export const putClearanceRecord = contract({
  method: 'put',
  path: '/clearances/{uid}/{requirementId}',
  access: 'member',
  tags,
  summary: "Record a member's clearance (status and dates only): an admin, or a point person of the member's church",
  request: { params: recordParams, body: jsonBody(clearanceRecordInputSchema) },
  responses: { 200: json(memberClearancesSchema, "The member's clearances"), ...errors(413) },
});

export const deleteClearanceRecord = contract({
  method: 'delete',
  path: '/clearances/{uid}/{requirementId}',
  access: 'member',
  tags,
  summary: "Remove a member's record of a requirement: an admin, or a point person of the member's church",
  request: { params: recordParams },
  responses: { 200: json(memberClearancesSchema, "The member's clearances") },
});

export const getChurchClearances = contract({
  method: 'get',
  path: '/churches/{id}/clearances',
  access: 'member',
  tags,
  summary: "The church's confirmed members and their clearances, for its point persons (and admins)",
  request: { params: churchParams },
  responses: { 200: json(churchClearancesSchema, 'The members') },
});

export const getMyClearances = contract({
  method: 'get',
  path: '/me/clearances',
  access: 'member',
  tags,
  summary: 'My clearances: each requirement’s state and dates, which roles need it, what each of my team roles still needs',
  responses: { 200: json(myClearancesSchema, 'My clearances') },
});

export const acceptClearanceAgreement = contract({
  method: 'post',
  path: '/me/clearances/agreement',
  access: 'member',
  tags,
  summary: 'Accept the confidentiality agreement: cleared today, for its months',
  request: { body: jsonBody(clearanceAgreementSchema) },
  responses: { 200: json(myClearancesSchema, 'My clearances'), ...errors(409, 413) },
});
