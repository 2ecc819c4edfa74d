import { z } from 'zod';
import { needFiguresSchema } from '../need-figures';
import { contract, json } from './define';

// The needs board's figures (issue 26): the open needs per state (the map's layer) and this year's band on the
// landing page, public and the same for everyone; every need as a CSV file for admins.

const notModified = { description: 'Not modified: the copy the browser has (If-None-Match) is current' };

export const getNeedFigures = contract({
  method: 'get',
  path: '/needs/figures',
  access: 'anyone',
  tags: ['Needs'],
  summary: "Open needs per state, and this year's needs met, children served, value provided and churches that responded",
  responses: { 200: json(needFiguresSchema, 'The figures (with an ETag)'), 304: notModified },
});

export const exportNeeds = contract({
  method: 'get',
  path: '/admin/needs.csv',
  access: 'admin',
  tags: ['Admin'],
  summary: 'Every need as a CSV file: its place, status, times, outcome, and what was asked and committed',
  responses: { 200: { description: 'The CSV file, with a header row', content: { 'text/csv': { schema: z.string() } } } },
});
