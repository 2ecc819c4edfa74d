import { z } from 'zod';
import { categoryFollowStateSchema, followStateSchema } from '../notifications';
import { contract, errors, json } from './define';

// Notifications (issue 16, decision 025): members with a confirmed address and a saved profile follow posts
// and categories (writing a post or a response follows it already).

const tags: ['Notifications'] = ['Notifications'];
const idParams = z.object({ id: z.string().meta({ description: 'A positive whole number' }) });

export const getPostFollow = contract({
  method: 'get',
  path: '/posts/{id}/follow',
  access: 'member',
  tags,
  summary: 'Whether the member follows the post and its category',
  request: { params: idParams },
  responses: { 200: json(followStateSchema, 'What the member follows'), ...errors(403) },
});

export const followPost = contract({
  method: 'put',
  path: '/posts/{id}/follow',
  access: 'member',
  tags,
  summary: 'Follow a post: hear of every response in it',
  request: { params: idParams },
  responses: { 200: json(followStateSchema, 'What the member follows now'), ...errors(403) },
});

export const unfollowPost = contract({
  method: 'delete',
  path: '/posts/{id}/follow',
  access: 'member',
  tags,
  summary: "Stop following a post (it stays so: a later response of the member's own does not follow it again)",
  request: { params: idParams },
  responses: { 200: json(followStateSchema, 'What the member follows now'), ...errors(403) },
});

export const followCategory = contract({
  method: 'put',
  path: '/post-categories/{id}/follow',
  access: 'member',
  tags,
  summary: 'Follow a category: every post in it counts as followed unless unfollowed one by one',
  request: { params: idParams },
  responses: { 200: json(categoryFollowStateSchema, 'Followed'), ...errors(403) },
});

export const unfollowCategory = contract({
  method: 'delete',
  path: '/post-categories/{id}/follow',
  access: 'member',
  tags,
  summary: 'Stop following a category',
  request: { params: idParams },
  responses: { 200: json(categoryFollowStateSchema, 'Not followed'), ...errors(403) },
});
