import { z } from 'zod';
import { adminStatesResponseSchema } from '../admin';
import { stateStatSchema, stateStatUpdateSchema, statesResponseSchema } from '../state-stat';
import { apiErrorSchema, contract, errors, json, jsonBody } from './define';

// Children in foster care per state (product.md §3.2, §4.6): the landing map's figures and the fact sheets,
// public; an admin's corrections of a count or its source. Network figures with fewer than three members
// behind them are left out, except for an admin whose session passed the second factor.

const tags: ['States'] = ['States'];
/** Any text: a code that is no state's is "not found". */
const codeParams = z.object({ code: z.string().meta({ description: 'A state code (AL … WY, DC) or US for the nation' }) });
const notModified = { description: 'Not modified: the copy the browser has (If-None-Match) is current' };
const notLoaded = json(apiErrorSchema, 'The per-state figures are not loaded yet.');

export const listStates = contract({
  method: 'get',
  path: '/states',
  access: 'anyone',
  tags,
  summary: "Every state's count of children in foster care, the network's target and figures, and the national row",
  responses: { 200: json(statesResponseSchema, 'The figures (with an ETag)'), 304: notModified, 503: notLoaded },
});

export const getFactSheet = contract({
  method: 'get',
  path: '/states/{code}/fact-sheet.pdf',
  access: 'anyone',
  tags,
  summary: "A state's (or the nation's) fact sheet",
  request: { params: codeParams },
  responses: {
    200: { description: 'The PDF (with an ETag)', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
    304: notModified,
  },
});

export const listAdminStates = contract({
  method: 'get',
  path: '/admin/states',
  access: 'admin',
  tags,
  summary: 'Every row, the national one first, with whether and by whom an admin edited it',
  responses: { 200: json(adminStatesResponseSchema, 'The rows'), 503: notLoaded },
});

export const updateState = contract({
  method: 'put',
  path: '/admin/states/{code}',
  access: 'admin',
  tags,
  summary: "Correct a state's count (null: not available) or its source",
  request: { params: codeParams, body: jsonBody(stateStatUpdateSchema) },
  responses: { 200: json(stateStatSchema, 'The row as it is now'), ...errors(413) },
});
