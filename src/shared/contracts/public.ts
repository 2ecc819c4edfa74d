import { z } from 'zod';
import type { SiteConfig } from '../boot';
import { contactInputSchema, humanTokenResponseSchema } from '../contact';
import { pageViewSchema, pageViewSummaryQuerySchema, pageViewSummarySchema } from '../page-view';
import { resourcesResponseSchema } from '../resources';
import { contract, errors, json, jsonBody, okSchema } from './define';

// The site's settings, the contact form, the printable resources and page views (product.md §3.15, §3.16, §6.9).

const file = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string().meta({ format: 'binary' }) } },
});
const notModified = { description: 'Not modified since the ETag given in If-None-Match.' };
const resourceParams = z.object({ id: z.string() });

/** The site's settings (src/shared/boot.ts, which the browser's entry reads, keeps only their type). */
const siteConfigSchema = z.object({
  donateUrl: z.string(),
  /** Whether the site has a Google client (GOOGLE_CLIENT_ID and _SECRET): /signin and /signup then offer it. */
  googleSignIn: z.boolean(),
}) satisfies z.ZodType<SiteConfig>;

export const getSite = contract({
  method: 'get',
  path: '/site',
  access: 'anyone',
  tags: ['Site'],
  summary: "The site's settings the pages need (the Give link, whether Google sign-in is offered)",
  responses: { 200: json(siteConfigSchema, 'The settings') },
});

export const confirmHuman = contract({
  method: 'post',
  path: '/contact/human',
  access: 'anyone',
  tags: ['Contact'],
  summary: "'I am indeed human': a short-lived token good for one message",
  responses: { 200: json(humanTokenResponseSchema, 'The token'), ...errors(429) },
});

export const sendContactMessage = contract({
  method: 'post',
  path: '/contact',
  access: 'anyone',
  tags: ['Contact'],
  summary: 'Write to the team (visitors send a human token; members need none)',
  request: { body: jsonBody(contactInputSchema) },
  responses: { 202: json(okSchema, 'Queued for the team'), ...errors(403, 429) },
});

export const listResources = contract({
  method: 'get',
  path: '/resources',
  access: 'anyone',
  tags: ['Resources'],
  summary: 'The printable and shareable resources',
  responses: { 200: json(resourcesResponseSchema, 'The resources') },
});

export const getResource = contract({
  method: 'get',
  path: '/resources/{id}',
  access: 'anyone',
  tags: ['Resources'],
  summary: 'A resource file (PDF or PNG), as an attachment',
  request: { params: resourceParams },
  responses: {
    200: { ...file('application/pdf', 'The file'), content: { ...file('application/pdf', '').content, ...file('image/png', '').content } },
    304: notModified,
  },
});

export const getResourcePreview = contract({
  method: 'get',
  path: '/resources/{id}/preview.png',
  access: 'anyone',
  tags: ['Resources'],
  summary: 'A small picture of a resource: a smaller copy of an image, the first page of a printable',
  request: { params: resourceParams },
  responses: { 200: file('image/png', 'The picture'), 304: notModified },
});

export const recordPageView = contract({
  method: 'post',
  path: '/page-views',
  access: 'anyone',
  tags: ['Analytics'],
  summary: 'Count a page view (nothing is kept when the browser sends Do-Not-Track or GPC)',
  request: { body: jsonBody(pageViewSchema) },
  responses: { 204: { description: 'Counted (or not, by the visitor’s choice)' }, ...errors(429) },
});

export const pageViewSummary = contract({
  method: 'get',
  path: '/admin/page-views/summary',
  access: 'admin',
  tags: ['Analytics'],
  summary: 'Page views and visitors per path and per day',
  request: { query: pageViewSummaryQuerySchema },
  responses: { 200: json(pageViewSummarySchema, 'The summary') },
});
