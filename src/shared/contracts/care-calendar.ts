import { z } from 'zod';
import { CARE_TASK_NOT_FOUND, CARE_TEAM_NOT_FOUND } from '../care';
import {
  CARE_CALENDAR_MESSAGES,
  careCalendarQuerySchema,
  careCalendarSchema,
  careClaimedSchema,
  careClaimInputSchema,
  careSkipInputSchema,
  careTaskCreatedSchema,
  careTaskCreateSchema,
  careTaskEditSchema,
  myCareTasksSchema,
} from '../care-calendar';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { serialId } from './params';

// The care calendar (issue 27, product.md §14): a team's tasks and their dates in the family's time zone, asked
// for by the family or the leader, claimed by the team's helpers. Outsiders get the same 404 whether the team
// exists or not.

const tags: ['Care teams'] = ['Care teams'];
const teamParams = z.object({ id: serialId(CARE_TEAM_NOT_FOUND, "A care team's id") });
const taskParams = teamParams.extend({ taskId: serialId(CARE_TASK_NOT_FOUND, "A care task's id") });

export const careCalendar = contract({
  method: 'get',
  path: '/care/teams/{id}/calendar',
  access: 'member',
  tags,
  summary:
    "The team's calendar between two local dates (at most 62 days; the next 4 weeks by default): each date's task, who signed up, the places left and whether I may sign up; the series for those who manage the team",
  request: { params: teamParams, query: careCalendarQuerySchema },
  responses: { 200: json(careCalendarSchema, 'The calendar') },
});

export const createCareTask = contract({
  method: 'post',
  path: '/care/teams/{id}/tasks',
  access: 'member',
  tags,
  summary:
    'Add a task to the calendar (the family or the leader): the whole form, or "We need…" with a kind and a date only. The team is told',
  request: { params: teamParams, body: jsonBody(careTaskCreateSchema) },
  responses: { 201: json(careTaskCreatedSchema, 'Added'), ...errors(403, 409, 429) },
});

export const editCareTask = contract({
  method: 'patch',
  path: '/care/teams/{id}/tasks/{taskId}',
  access: 'member',
  tags,
  summary: 'Change a task or a series (the family or the leader); sign-ups for dates it no longer has are withdrawn and their helpers told',
  request: { params: taskParams, body: jsonBody(careTaskEditSchema) },
  responses: { 200: json(okSchema, 'Changed'), ...errors(403, 409) },
});

export const cancelCareTask = contract({
  method: 'delete',
  path: '/care/teams/{id}/tasks/{taskId}',
  access: 'member',
  tags,
  summary: 'Cancel a task and all its dates (the family or the leader); those signed up are told',
  request: { params: taskParams },
  responses: { 200: json(okSchema, 'Cancelled'), ...errors(403, 409) },
});

export const skipCareOccurrence = contract({
  method: 'post',
  path: '/care/teams/{id}/tasks/{taskId}/skips',
  access: 'member',
  tags,
  summary: 'Cancel one date of a task (the family or the leader); those signed up for it are told',
  request: { params: taskParams, body: jsonBody(careSkipInputSchema) },
  responses: { 200: json(okSchema, 'Cancelled'), ...errors(403, 409) },
});

export const claimCareTask = contract({
  method: 'post',
  path: '/care/teams/{id}/tasks/{taskId}/claims',
  access: 'member',
  tags,
  summary:
    'Sign up for one date ({occursOn}) or every date ({series: true}) of a task: an active helper whose role and clearances allow the kind. Never beyond the helpers needed: two at once for the last place, one gets 409. The family is told at once',
  request: { params: taskParams, body: jsonBody(careClaimInputSchema) },
  responses: { 201: json(careClaimedSchema, 'Signed up'), ...errors(403, 409, 429) },
});

export const withdrawCareClaim = contract({
  method: 'delete',
  path: '/care/teams/{id}/claims/{claimId}',
  access: 'member',
  tags,
  summary: 'Withdraw my sign-up (only the person who signed up, not even the family); the family is told at once',
  request: { params: teamParams.extend({ claimId: serialId(CARE_CALENDAR_MESSAGES.claimNotFound, "A sign-up's id") }) },
  responses: { 200: json(okSchema, 'Withdrawn'), ...errors(403, 409, 429) },
});

export const myCareTasks = contract({
  method: 'get',
  path: '/me/care-tasks',
  access: 'member',
  tags,
  summary: 'My sign-ups of the next 14 days across my teams (the dashboard), and the teams where I may ask "We need…"',
  responses: { 200: json(myCareTasksSchema, 'My next care tasks') },
});
