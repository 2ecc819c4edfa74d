import { z } from 'zod';
import { liveQuerySchema } from '../live';
import { apiErrorSchema, contract, errors, json } from './define';

// The live channel (product.md §11.1, "Live"): a Server-Sent Events stream of changes to the topics named.
// Anybody may follow the public topics; member and admin topics check who asks (in the handler, per topic).

export const followTopics = contract({
  method: 'get',
  path: '/live',
  access: 'anyone',
  tags: ['Live'],
  summary: 'A Server-Sent Events stream: `ready` on every (re)connect, then a `change` event (JSON) per change',
  request: { query: liveQuerySchema },
  responses: {
    200: {
      description: 'The stream; `: ping` comments keep it open',
      content: { 'text/event-stream': { schema: z.string().meta({ description: 'event: ready|change, data: JSON' }) } },
    },
    ...errors(401, 403, 429),
    503: json(apiErrorSchema, 'This server holds too many live connections: `Retry-After` says when to try again.'),
  },
});
