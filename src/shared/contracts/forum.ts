import { z } from 'zod';
import {
  categoryListResponseSchema,
  postInputSchema,
  postListQuerySchema,
  postListResponseSchema,
  postWithResponsesSchema,
  responseInputSchema,
} from '../forum';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { serialId } from './params';

// The forum (product.md §3.13): anybody reads; members with a confirmed address and a saved profile post
// and respond; the author or an admin changes.

const tags: ['Forum'] = ['Forum'];
export const postParams = z.object({ id: serialId(/*i18n*/ 'No such post.', "A post's id: a positive whole number") });
const responseParams = z.object({ id: serialId(/*i18n*/ 'No such response.', "A response's id: a positive whole number") });
const created = z.object({ id: z.number().int() });
const responseChanged = z.object({ id: z.number().int(), postId: z.number().int() });

export const listPosts = contract({
  method: 'get',
  path: '/posts',
  access: 'anyone',
  tags,
  summary: 'A page of posts, newest first, optionally one category and keywords',
  request: { query: postListQuerySchema },
  responses: { 200: json(postListResponseSchema, 'The page, and where the next one starts') },
});

export const listCategories = contract({
  method: 'get',
  path: '/post-categories',
  access: 'anyone',
  tags,
  summary: 'Every category with its number of posts',
  responses: { 200: json(categoryListResponseSchema, 'The categories') },
});

export const getPost = contract({
  method: 'get',
  path: '/posts/{id}',
  access: 'anyone',
  tags,
  summary: 'One post with its responses',
  request: { params: postParams },
  responses: { 200: json(postWithResponsesSchema, 'The post') },
});

export const createPost = contract({
  method: 'post',
  path: '/posts',
  access: 'member',
  tags,
  summary: 'Write a post (a new category name creates the category)',
  request: { body: jsonBody(postInputSchema) },
  responses: { 201: json(created, 'The new post'), ...errors(403, 429) },
});

export const updatePost = contract({
  method: 'patch',
  path: '/posts/{id}',
  access: 'member',
  tags,
  summary: 'Change a post (its author, or an admin)',
  request: { params: postParams, body: jsonBody(postInputSchema) },
  responses: { 200: json(created, 'Changed'), ...errors(403, 429) },
});

export const deletePost = contract({
  method: 'delete',
  path: '/posts/{id}',
  access: 'member',
  tags,
  summary: 'Delete a post and its responses (its author, or an admin)',
  request: { params: postParams },
  responses: { 200: json(okSchema, 'Deleted'), ...errors(403, 429) },
});

export const createResponse = contract({
  method: 'post',
  path: '/posts/{id}/responses',
  access: 'member',
  tags,
  summary: 'Respond to a post',
  request: { params: postParams, body: jsonBody(responseInputSchema) },
  responses: { 201: json(responseChanged, 'The new response'), ...errors(403, 429) },
});

export const updateResponse = contract({
  method: 'patch',
  path: '/post-responses/{id}',
  access: 'member',
  tags,
  summary: 'Change a response (its author, or an admin)',
  request: { params: responseParams, body: jsonBody(responseInputSchema) },
  responses: { 200: json(responseChanged, 'Changed'), ...errors(403, 429) },
});

export const deleteResponse = contract({
  method: 'delete',
  path: '/post-responses/{id}',
  access: 'member',
  tags,
  summary: 'Delete a response (its author, or an admin)',
  request: { params: responseParams },
  responses: { 200: json(okSchema.extend({ postId: z.number().int() }), 'Deleted'), ...errors(403, 429) },
});
