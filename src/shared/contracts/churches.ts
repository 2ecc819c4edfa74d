import { z } from 'zod';
import { CHURCH_NOT_FOUND, churchContactSchema, churchFinderQuerySchema, churchFinderResponseSchema, churchPageSchema } from '../churches';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { serialId } from './params';

// The public side of churches (issue 25): the finder, a church's page and "Contact this church". Anyone may
// read and write here; only active churches exist for them.

const tags: ['Churches'] = ['Churches'];
export const churchParams = z.object({ id: serialId(CHURCH_NOT_FOUND, "A church's id") });

export const findChurches = contract({
  method: 'get',
  path: '/churches',
  access: 'anyone',
  tags,
  summary: 'Active churches near a ZIP code within a radius (nearest first), or in a state (by name), filtered by offers and language',
  request: { query: churchFinderQuerySchema },
  responses: { 200: json(churchFinderResponseSchema, 'The churches found, the nearest CHURCH_FINDER_MAX of them, and how many matched') },
});

export const getChurch = contract({
  method: 'get',
  path: '/churches/{id}',
  access: 'anyone',
  tags,
  summary: "An active church's public page, its figures under the small-number rule",
  request: { params: churchParams },
  responses: { 200: json(churchPageSchema, 'The church') },
});

export const contactChurch = contract({
  method: 'post',
  path: '/churches/{id}/contact',
  access: 'anyone',
  tags,
  summary: "Write to a church's point persons (or, when it has none, to the team); visitors send a human token",
  request: { params: churchParams, body: jsonBody(churchContactSchema) },
  responses: { 202: json(okSchema, 'Queued for the church'), ...errors(403, 429) },
});
