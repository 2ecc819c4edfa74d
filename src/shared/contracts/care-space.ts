import { z } from 'zod';
import { CARE_TEAM_NOT_FOUND, carePostInputSchema } from '../care';
import { CARE_SPACE_MESSAGES, carePostSchema, careSpaceSchema } from '../care-space';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { serialId } from './params';
import { PG_INT_MAX } from '../text';
import { contentLanguageFilterSchema } from '../i18n/content-language';

// A care team's space (issue 27): updates and prayer requests, read and written by the team's active members
// (admins read). Everyone else gets the same 404 whether the team exists or not.

const tags: ['Care teams'] = ['Care teams'];
const teamParams = z.object({ id: serialId(CARE_TEAM_NOT_FOUND, "A care team's id") });

export const carePostsQuerySchema = z.object({
  /** A post's id: the page holds the posts older than it. */
  before: z
    .string()
    .regex(/^\d{1,10}$/, /*i18n*/ 'Give a post id')
    .transform(Number)
    // Ten digits reach past PostgreSQL's integer: 2147483648 was a 500 there (the fuzz suite found it).
    .pipe(z.number().max(PG_INT_MAX, /*i18n*/ 'Give a post id'))
    .optional(),
  /** Posts written in one language; absent, every language. */
  language: contentLanguageFilterSchema,
});

export const listCarePosts = contract({
  method: 'get',
  path: '/care/teams/{id}/posts',
  access: 'member',
  tags,
  summary: "The team space: its updates and prayer requests, newest first, a page at a time (the team's active members and admins)",
  request: { params: teamParams, query: carePostsQuerySchema },
  responses: { 200: json(careSpaceSchema, 'The team and a page of its posts') },
});

export const createCarePost = contract({
  method: 'post',
  path: '/care/teams/{id}/posts',
  access: 'member',
  tags,
  summary:
    'Share an update or ask for prayer (an active member of an active team; no phone, email or address in it); the rest of the team is told by the bell, and by mail as each prefers',
  request: { params: teamParams, body: jsonBody(carePostInputSchema) },
  responses: { 201: json(carePostSchema, 'Posted'), ...errors(409, 429) },
});

export const deleteCarePost = contract({
  method: 'delete',
  path: '/care/teams/{id}/posts/{postId}',
  access: 'member',
  tags,
  summary: 'Remove a post from the team space (its author, the family or a team leader)',
  request: { params: teamParams.extend({ postId: serialId(CARE_SPACE_MESSAGES.postNotFound, "A post's id") }) },
  responses: { 200: json(okSchema, 'Removed') },
});
