import { churchMapResponseSchema } from '../churches';
import { contract, json } from './define';

// The US map's churches layer (issue 25): every active church with a place on the map, grouped where their
// markers would overlap, and the count per state. Public, the same for everyone.

const notModified = { description: 'Not modified: the copy the browser has (If-None-Match) is current' };

export const getChurchMap = contract({
  method: 'get',
  path: '/churches/map',
  access: 'anyone',
  tags: ['Churches'],
  summary: "The network's active churches on the US map, grouped where they overlap, with each state's count",
  responses: { 200: json(churchMapResponseSchema, 'The groups and the counts (with an ETag)'), 304: notModified },
});
