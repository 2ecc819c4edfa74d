// The live channel's topics and who may follow them. A topic names what changed ('posts', or
// 'post:<id>' for one post); the browser refetches the queries whose key starts with the topic's parts
// (['posts', …] or ['post', '<id>', …]).

import { z } from 'zod';

export type TopicAudience = 'public' | 'member' | 'admin';

/** Topic families: the part before ':' decides who may subscribe. */
export const LIVE_TOPICS: Record<string, TopicAudience> = {
  posts: 'public',
  post: 'public',
  states: 'public',
  /** Any change to a church, its point persons or its members (issue 25): the finder, the map, the pages. */
  churches: 'public',
  /** A church proposed by a member, waiting for an admin (issue 25). */
  'church-proposals': 'admin',
  /** Any change to a need, its items or its commitments (issue 26): the board, the pages, the map layer. */
  needs: 'public',
  /** Needs waiting for an admin's approval (issue 26). */
  'need-reviews': 'admin',
  /** Caseworkers' applications (issue 26). */
  caseworkers: 'admin',
  /** 'care-team:<id>': one care team's members, details, calendar, claims and space (issue 27): its active members and admins. */
  'care-team': 'member',
  /** 'care-teams:<uid>': one member's own teams and invitations; only that member may follow it. */
  'care-teams': 'member',
  /** Clearance requirements and members' records (issue 27). */
  clearances: 'admin',
  mail: 'admin',
  users: 'admin',
  activity: 'admin',
  /** 'notifications:<uid>': one member's own notifications (the bell); only that member may follow it. */
  notifications: 'member',
};

export const LIVE_TOPIC_PATTERN = /^[a-z][a-z-]{0,30}(:[A-Za-z0-9_-]{1,64})?$/;
export const LIVE_MAX_TOPICS = 10;

/** GET /api/live?topics=posts,post:123: the topics, comma-separated, each once. */
export const liveQuerySchema = z.object({
  topics: z
    .string({ error: /*i18n*/ 'Name at least one topic' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(LIVE_TOPIC_PATTERN, /*i18n*/ 'Unknown topic'))
        .min(1, /*i18n*/ 'Name at least one topic')
        .max(LIVE_MAX_TOPICS, `At most ${LIVE_MAX_TOPICS} topics`),
    )
    .meta({
      description: `Up to ${LIVE_MAX_TOPICS} topics, comma-separated: posts, post:<id>, notifications:<own member id>, and for admins mail, users, activity`,
    }),
});

export { queryKeyOf, topicFamily, type LiveEvent } from './live-event';
