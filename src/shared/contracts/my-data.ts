import { z } from 'zod';
import { contract, errors } from './define';

// "Your data" (issue 29): a member downloads, as one zip archive, everything the site holds about them.

const tags: ['Profile'] = ['Profile'];

export const downloadMyData = contract({
  method: 'get',
  path: '/me/data',
  access: 'member',
  tags,
  summary:
    'Everything the site holds about me, as one zip archive: JSON files (account, posts, needs, care teams, clearances, notifications, mail) and my photo',
  responses: {
    200: { description: 'The archive', content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } } },
    ...errors(429),
  },
});
