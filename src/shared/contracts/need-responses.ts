import { z } from 'zod';
import { needCloseSchema, needCommitmentInputSchema, needCommittedSchema, NEED_RESPONSE_MESSAGES } from '../need-responses';
import { NEED_NOT_FOUND } from '../needs';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { serialId } from './params';

// Responding to a need (issue 26): members commit units of an item (a point person for their church) or to pray,
// withdraw their own commitment while the need is open, and the asker (or an admin) closes it with its outcome.

const tags: ['Needs'] = ['Needs'];
const idParams = z.object({ id: serialId(NEED_NOT_FOUND, "A need's id") });

export const commitToNeed = contract({
  method: 'post',
  path: '/needs/{id}/commitments',
  access: 'member',
  tags,
  summary:
    'Commit to units of an item of an open need (for my church, as its point person), or to pray. Never more than is still needed: two people after the last unit at once, one gets 409. The asker is mailed (Reply-To me), and I get a confirmation (Reply-To the asker)',
  request: { params: idParams, body: jsonBody(needCommitmentInputSchema) },
  responses: { 201: json(needCommittedSchema, 'Committed'), ...errors(409, 429) },
});

export const withdrawCommitment = contract({
  method: 'delete',
  path: '/needs/{id}/commitments/{commitmentId}',
  access: 'member',
  tags,
  summary: 'Withdraw my commitment while the need is open; the asker is told',
  request: {
    params: idParams.extend({ commitmentId: serialId(NEED_RESPONSE_MESSAGES.commitmentNotFound, "A commitment's id") }),
  },
  responses: { 200: json(okSchema, 'Withdrawn'), ...errors(409, 429) },
});

export const closeNeed = contract({
  method: 'post',
  path: '/needs/{id}/close',
  access: 'member',
  tags,
  summary:
    'Close an open need with its outcome, the children it served and a thank-you shown on it (the asker, or an admin); those who committed are told',
  request: { params: idParams, body: jsonBody(needCloseSchema) },
  responses: { 200: json(okSchema, 'Closed'), ...errors(409) },
});
