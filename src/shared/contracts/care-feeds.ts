import { z } from 'zod';
import { CARE_TEAM_NOT_FOUND } from '../care';
import {
  anniversaryAnswerSchema,
  anniversaryStateSchema,
  CARE_FEED_NOT_FOUND,
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
} from '../care-feeds';
import { contract, errors, json, jsonBody } from './define';
import { serialId } from './params';

// Care teams' calendar feeds and the anniversary question (issue 27). A feed is read by calendar programs with
// no session: the secret token in its address is the key, and only its hash is kept.

const tags: ['Care teams'] = ['Care teams'];

/** The feed's file: its token (43 URL-safe characters, 32 random bytes) and ".ics"; anything else names no feed. */
const feedParams = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}\.ics$/, CARE_FEED_NOT_FOUND)
    .meta({ description: 'The secret token of the feed, then .ics' }),
});
const teamParams = z.object({ id: serialId(CARE_TEAM_NOT_FOUND, "A care team's id") });

export const getCalendarFeed = contract({
  method: 'get',
  path: '/me/calendar-feed',
  access: 'member',
  tags,
  summary: 'Whether I have a calendar feed of my care tasks, and since when',
  responses: { 200: json(calendarFeedStatusSchema, 'The feed’s state (its address is shown only when made)') },
});

export const createCalendarFeed = contract({
  method: 'post',
  path: '/me/calendar-feed',
  access: 'member',
  tags,
  summary: 'Make my calendar feed, or renew it: the old address stops at once; the new one is shown this once',
  responses: { 201: json(calendarFeedCreatedSchema, 'The new address') },
});

export const deleteCalendarFeed = contract({
  method: 'delete',
  path: '/me/calendar-feed',
  access: 'member',
  tags,
  summary: 'Stop my calendar feed: its address answers nothing from now on',
  responses: { 200: json(calendarFeedStatusSchema, 'No feed') },
});

export const readCalendarFeed = contract({
  method: 'get',
  path: '/care/feed/{file}',
  access: 'anyone',
  tags,
  summary:
    'A member’s private iCalendar feed (no session: the token is the key): the tasks they claimed, and for a family every task of its team',
  request: { params: feedParams },
  responses: {
    200: { description: 'The calendar (RFC 5545)', content: { 'text/calendar': { schema: z.string() } } },
    ...errors(429),
  },
});

export const getAnniversary = contract({
  method: 'get',
  path: '/care/teams/{id}/anniversary',
  access: 'member',
  tags,
  summary: 'The anniversary question (“still fostering?”) as the family’s team page shows it',
  request: { params: teamParams },
  responses: { 200: json(anniversaryStateSchema, 'Not yet, due, or answered') },
});

export const answerAnniversary = contract({
  method: 'post',
  path: '/care/teams/{id}/anniversary',
  access: 'member',
  tags,
  summary: 'The family answers whether it is still fostering, a year after the team started',
  request: { params: teamParams, body: jsonBody(anniversaryAnswerSchema) },
  responses: { 200: json(anniversaryStateSchema, 'The answer, kept'), ...errors(409, 413) },
});
