import { z } from 'zod';
import { zip5 } from '../churches';
import { NEED_ALERT_RADII } from '../needs';
import { contract, errors, json, jsonBody } from './define';

// "Tell me about needs near me" (issue 26, decision 039): a member's ZIP code and radius; the routing job
// announces each open need within it to them once (the bell, and mail unless they turned that mail off).

const tags: ['Needs'] = ['Needs'];

export const NEED_ALERT_EMAIL_UNCONFIRMED = /*i18n*/ 'You can hear of needs near you once you confirm your email address.';
// Written out (a zod message is one catalog string); needs-alerts' test checks it names NEED_ALERT_RADII.
export const NEED_ALERT_RADIUS_MESSAGE = /*i18n*/ 'Choose a distance: 10, 15, 30, 60 miles';

/** PUT /api/me/need-alert: where, and how far. */
export const needAlertInputSchema = z
  .object({
    zip: zip5,
    radiusMiles: z.literal(NEED_ALERT_RADII, { error: NEED_ALERT_RADIUS_MESSAGE }),
  })
  .strict()
  .meta({ id: 'NeedAlertInput' });
export type NeedAlertInput = z.infer<typeof needAlertInputSchema>;

/** The member's alert (the town its ZIP code names, so the page can say it), or null when they have none. */
export const needAlertSchema = z
  .object({
    alert: z
      .object({
        zip: z.string(),
        city: z.string(),
        state: z.string(),
        radiusMiles: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'NeedAlert' });
export type NeedAlert = z.infer<typeof needAlertSchema>;

export const getNeedAlert = contract({
  method: 'get',
  path: '/me/need-alert',
  access: 'member',
  tags,
  summary: 'Whether the member hears of needs near them, and where',
  responses: { 200: json(needAlertSchema, 'The alert, or null') },
});

export const putNeedAlert = contract({
  method: 'put',
  path: '/me/need-alert',
  access: 'member',
  tags,
  summary: 'Hear of new needs within a radius of a ZIP code (replaces the one before)',
  request: { body: jsonBody(needAlertInputSchema) },
  responses: { 200: json(needAlertSchema, 'The alert now'), ...errors(413) },
});

export const deleteNeedAlert = contract({
  method: 'delete',
  path: '/me/need-alert',
  access: 'member',
  tags,
  summary: 'Stop hearing of needs near me (the needs near a church I keep still come)',
  responses: { 200: json(needAlertSchema, 'No alert') },
});
