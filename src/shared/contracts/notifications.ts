import { z } from 'zod';
import {
  categoryFollowStateSchema,
  followStateSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  unreadCountSchema,
} from '../notifications';
import { contract, errors, json, okSchema } from './define';

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

export const listNotifications = contract({
  method: 'get',
  path: '/notifications',
  access: 'member',
  tags,
  summary: "A page of the member's notifications, newest first, and how many are unread",
  request: { query: notificationListQuerySchema },
  responses: { 200: json(notificationListResponseSchema, 'The page, and where the next one starts') },
});

export const countUnread = contract({
  method: 'get',
  path: '/notifications/unread-count',
  access: 'member',
  tags,
  summary: "How many of the member's notifications are unread (the bell)",
  responses: { 200: json(unreadCountSchema, 'The count') },
});

export const markRead = contract({
  method: 'post',
  path: '/notifications/{id}/read',
  access: 'member',
  tags,
  summary: 'Mark one notification read (opened)',
  request: { params: z.object({ id: z.string().meta({ description: 'A notification id (uuid)' }) }) },
  responses: { 200: json(okSchema, 'Read') },
});

export const markAllRead = contract({
  method: 'post',
  path: '/notifications/read-all',
  access: 'member',
  tags,
  summary: "Mark all the member's notifications read",
  responses: { 200: json(okSchema.extend({ marked: z.number().int() }), 'How many were unread') },
});
