import { careFiguresSchema } from '../care-figures';
import { contract, json } from './define';

// Care teams' figures for the admin overview (issue 27). A church's count of its teams is on its public page
// (churches.ts: getChurch), under the small-number rule.

export const getCareFigures = contract({
  method: 'get',
  path: '/admin/care/figures',
  access: 'admin',
  tags: ['Admin'],
  summary:
    'Care teams at a glance: active teams, families supported, tasks done per month, the median time from a request to its first claim, and families still fostering after 12 months',
  responses: { 200: json(careFiguresSchema, 'The figures (exact: admins only)') },
});
