import { z } from 'zod';
import { NEED_NOT_FOUND, needInputSchema, needPageSchema } from '../needs';
import {
  askedNeedSchema,
  myNeedSchema,
  needBoardQuerySchema,
  needBoardSchema,
  needEditSchema,
  needFieldsAnswerSchema,
} from '../needs-board';
import { contract, errors, json, jsonBody } from './define';
import { serialId } from './params';

// Asking and the board (issue 26, product.md §13): a member, a point person, a caseworker or an admin asks; anyone
// reads the board and an open need's page; the asker (or an admin) edits it; the asker follows their requests.

const tags: ['Needs'] = ['Needs'];
export const needParams = z.object({ id: serialId(NEED_NOT_FOUND, "A need's id") });

export const askNeed = contract({
  method: 'post',
  path: '/needs',
  access: 'member',
  tags,
  summary:
    "Ask for a need: a confirmed member with a saved profile for their family, a point person for their church (churchId), an approved caseworker (it goes to the supervisor's mail), an admin (on the board at once)",
  request: { body: jsonBody(needInputSchema) },
  responses: { 201: json(askedNeedSchema, 'The request, with where it waits'), ...errors(403, 429) },
});

export const listNeeds = contract({
  method: 'get',
  path: '/needs',
  access: 'anyone',
  tags,
  summary:
    'The board: open needs (or closed ones), nearest a ZIP code within a distance or newest first, by kind, state, urgency and keyword; 20 a page',
  request: { query: needBoardQuerySchema },
  responses: { 200: json(needBoardSchema, 'One page of the needs found, and how many matched') },
});

export const getNeed = contract({
  method: 'get',
  path: '/needs/{id}',
  access: 'anyone',
  tags,
  summary:
    "A need's page: its items and what is committed, who asked (members only), commitments, outcome; before approval only its asker and admins see it",
  request: { params: needParams },
  responses: { 200: json(needPageSchema, 'The need') },
});

export const getNeedFields = contract({
  method: 'get',
  path: '/needs/{id}/edit',
  access: 'member',
  tags,
  summary: 'The fields of a need as its edit form starts from them (its asker, or an admin)',
  request: { params: needParams },
  responses: { 200: json(needFieldsAnswerSchema, 'The fields, each item with its id and what is committed') },
});

export const editNeed = contract({
  method: 'patch',
  path: '/needs/{id}',
  access: 'member',
  tags,
  summary: "Edit a need that has not closed (its asker, or an admin); an item's quantity never goes below what is committed",
  request: { params: needParams, body: jsonBody(needEditSchema) },
  responses: { 200: json(needPageSchema, 'The need as its page shows it'), ...errors(409) },
});

export const myNeeds = contract({
  method: 'get',
  path: '/me/needs',
  access: 'member',
  tags,
  summary: 'The needs I asked for, newest first, whatever their status',
  responses: { 200: json(z.object({ needs: z.array(myNeedSchema) }), 'My requests') },
});
