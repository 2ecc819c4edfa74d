import { z } from 'zod';
import {
  categoryFollowStateSchema,
  categoryFollowsSchema,
  followStateSchema,
  NOTIFICATION_NOT_FOUND,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
  unsubscribeStateSchema,
} from '../notifications';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { postParams } from './forum';
import { serialId, uuidId } from './params';

// Notifications (issue 16, decision 025): members with a confirmed address and a saved profile follow posts
// and categories (writing a post or a response follows it already).

const tags: ['Notifications'] = ['Notifications'];
const categoryParams = z.object({ id: serialId(/*i18n*/ 'No such category.', "A category's id: a positive whole number") });

export const getPostFollow = contract({
  method: 'get',
  path: '/posts/{id}/follow',
  access: 'member',
  tags,
  summary: 'Whether the member follows the post and its category',
  request: { params: postParams },
  responses: { 200: json(followStateSchema, 'What the member follows'), ...errors(403) },
});

export const followPost = contract({
  method: 'put',
  path: '/posts/{id}/follow',
  access: 'member',
  tags,
  summary: 'Follow a post: hear of every response in it',
  request: { params: postParams },
  responses: { 200: json(followStateSchema, 'What the member follows now'), ...errors(403) },
});

export const unfollowPost = contract({
  method: 'delete',
  path: '/posts/{id}/follow',
  access: 'member',
  tags,
  summary: "Stop following a post (it stays so: a later response of the member's own does not follow it again)",
  request: { params: postParams },
  responses: { 200: json(followStateSchema, 'What the member follows now'), ...errors(403) },
});

export const listCategoryFollows = contract({
  method: 'get',
  path: '/post-categories/follows',
  access: 'member',
  tags,
  summary: 'The categories the member follows',
  responses: { 200: json(categoryFollowsSchema, 'Their ids'), ...errors(403) },
});

export const followCategory = contract({
  method: 'put',
  path: '/post-categories/{id}/follow',
  access: 'member',
  tags,
  summary: 'Follow a category: every post in it counts as followed unless unfollowed one by one',
  request: { params: categoryParams },
  responses: { 200: json(categoryFollowStateSchema, 'Followed'), ...errors(403) },
});

export const unfollowCategory = contract({
  method: 'delete',
  path: '/post-categories/{id}/follow',
  access: 'member',
  tags,
  summary: 'Stop following a category',
  request: { params: categoryParams },
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
  request: { params: z.object({ id: uuidId(NOTIFICATION_NOT_FOUND, "A notification's id (a uuid)") }) },
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

export const getPreferences = contract({
  method: 'get',
  path: '/notifications/preferences',
  access: 'member',
  tags,
  summary: "The member's mail preferences",
  responses: { 200: json(notificationPreferencesSchema, 'The preferences') },
});

export const updatePreferences = contract({
  method: 'put',
  path: '/notifications/preferences',
  access: 'member',
  tags,
  summary: "Change the member's mail preferences",
  request: { body: jsonBody(notificationPreferencesUpdateSchema) },
  responses: { 200: json(notificationPreferencesSchema, 'The preferences now'), ...errors(413) },
});

export const readUnsubscribe = contract({
  method: 'get',
  path: '/notifications/unsubscribe',
  access: 'anyone',
  tags,
  summary: 'What a mailed unsubscribe link turns off, and whether that mail is on now (changes nothing)',
  request: { query: unsubscribeQuerySchema },
  responses: { 200: json(unsubscribeStateSchema, 'The kind of mail and its state'), ...errors(403, 410) },
});

export const unsubscribe = contract({
  method: 'post',
  path: '/notifications/unsubscribe',
  access: 'anyone',
  tags,
  summary: 'One-click unsubscribe (RFC 8058): turns off the kind of mail the signed link names, without cookies; `undo=1` turns it back on',
  request: { query: unsubscribeQuerySchema },
  responses: { 200: json(unsubscribeStateSchema, 'The kind of mail and its state now'), ...errors(403, 410) },
});
