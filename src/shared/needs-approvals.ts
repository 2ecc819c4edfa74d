import type { I18n } from '@lingui/core';
import { z } from 'zod';
import { emailSchema } from './account';
import {
  AGENCY_MAX,
  CASEWORKER_STATUSES,
  NEED_ASKED_AS,
  NEED_KIND_CODES,
  NEED_REASON_MAX,
  NEED_STATUSES,
  NEED_URGENCY_CODES,
  needItemSchema,
} from './needs';
import { STATE_CODES } from './states';
import { contentLanguageSchema } from './i18n/content-language';
import { lineOf, plainString, textOf } from './text';

// Approving on the needs board (issue 26): caseworkers apply for an account an admin approves; a caseworker's
// request goes to their supervisor as a single-use link; members' and point persons' requests wait in the
// admin's queue. Nothing reaches the board without one of these approvals.

export const CASEWORKER_NAME_MAX = 120;
/** Applications an account may send a day (each one mails the team). */
export const CASEWORKER_APPLICATIONS_PER_DAY = 3;

// ---- Messages ----

export const CASEWORKER_NOT_FOUND = /*i18n*/ 'There is no caseworker application for this account.';
export const CASEWORKER_ALREADY_APPROVED = /*i18n*/ 'Your caseworker account is approved already. Nothing was changed.';
export const CASEWORKER_OWN_SUPERVISOR = /*i18n*/ "Your supervisor's work email must be someone else's address.";
export const CASEWORKER_ALREADY = (status: 'approved' | 'declined') =>
  status === 'approved' ? /*i18n*/ 'This caseworker is approved already.' : /*i18n*/ 'This caseworker is declined already.';
export const NEED_NOT_WAITING = /*i18n*/ 'This request is not waiting for approval any more. Nothing was changed.';
export const DECLINE_REASON_REQUIRED = /*i18n*/ 'Say why you decline it: the caseworker is sent your reason';

// ---- A caseworker's application ----

export const caseworkerApplicationSchema = z.object({
  name: lineOf('Your name', CASEWORKER_NAME_MAX),
  agency: lineOf('Agency', AGENCY_MAX),
  supervisorName: lineOf("Supervisor's name", CASEWORKER_NAME_MAX),
  supervisorEmail: emailSchema,
});
export type CaseworkerApplicationInput = z.input<typeof caseworkerApplicationSchema>;

const isoTime = z.iso.datetime();

/** A caseworker's application as they wrote it, and where it stands. */
const caseworkerApplicationStatus = z.object({
  name: z.string(),
  agency: z.string(),
  supervisorName: z.string(),
  supervisorEmail: z.string(),
  status: z.enum(CASEWORKER_STATUSES),
  appliedAt: isoTime,
  decidedAt: isoTime.nullable(),
  declineReason: z.string().nullable(),
});

/** GET /api/me/caseworker: the account's own application, or null. */
export const myCaseworkerSchema = z.object({ caseworker: caseworkerApplicationStatus.nullable() });
export type MyCaseworker = z.infer<typeof myCaseworkerSchema>;

/** A caseworker as the admin area lists them (admins see the addresses, to check them against the agency). */
export const adminCaseworkerSchema = caseworkerApplicationStatus
  .extend({
    uid: z.string(),
    email: z.string(),
    /** Whole days an application has waited; null once decided. */
    waitingDays: z.number().int().nullable(),
  })
  .meta({ id: 'AdminCaseworker' });
export type AdminCaseworker = z.infer<typeof adminCaseworkerSchema>;

export const adminCaseworkerQuerySchema = z.object({
  status: z.enum(CASEWORKER_STATUSES, { error: /*i18n*/ 'Choose applied, approved or declined' }).optional(),
});
export const adminCaseworkerListSchema = z.object({ caseworkers: z.array(adminCaseworkerSchema) });
export type AdminCaseworkerList = z.infer<typeof adminCaseworkerListSchema>;
/** How many the admin's list shows at most (applications waiting come first, oldest first). */
export const ADMIN_CASEWORKERS_MAX = 200;

/** Declining a caseworker or a need: the reason, mailed to them. */
export const needReasonSchema = z.object({ reason: textOf('Reason', NEED_REASON_MAX) });

// ---- The supervisor's link ----

/** GET /api/needs/approve/{token}: what the supervisor reads before deciding. */
export const supervisorRequestSchema = z
  .object({
    kind: z.enum(NEED_KIND_CODES),
    title: z.string(),
    description: z.string(),
    /** The language the caseworker wrote in: the page marks the request's text with it (issue 28). */
    language: contentLanguageSchema,
    city: z.string(),
    state: z.enum(STATE_CODES),
    urgency: z.enum(NEED_URGENCY_CODES),
    items: z.array(needItemSchema.omit({ id: true, committed: true })),
    caseworker: z.object({ name: z.string(), agency: z.string() }),
    supervisorName: z.string(),
    createdAt: isoTime,
    /** When the link stops working. */
    expiresAt: isoTime,
  })
  .meta({ id: 'SupervisorRequest' });
export type SupervisorRequest = z.infer<typeof supervisorRequestSchema>;

/** POST /api/needs/approve/{token}: approve, or decline with a reason the caseworker is sent. */
export const supervisorDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'decline'], { error: /*i18n*/ 'Choose approve or decline' }),
    reason: plainString('Reason', { multiLine: true })
      .nullish()
      .transform((s) => (s ?? '').replace(/\r\n?/g, '\n').trim())
      .pipe(z.string().max(NEED_REASON_MAX, /*i18n*/ 'Reason must be at most 1000 characters'))
      .transform((s) => (s === '' ? null : s)),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'decline' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: DECLINE_REASON_REQUIRED });
  });
export type SupervisorDecisionInput = z.input<typeof supervisorDecisionSchema>;

export const supervisorDecisionResultSchema = z.object({ status: z.enum(['open', 'declined']) });

// ---- The admin's queue ----

export const queuedNeedSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NEED_KIND_CODES),
    title: z.string(),
    description: z.string(),
    /** The language the asker wrote in (issue 28). */
    language: contentLanguageSchema,
    city: z.string(),
    state: z.enum(STATE_CODES),
    zip: z.string(),
    urgency: z.enum(NEED_URGENCY_CODES),
    /** review: waits for an admin; supervisor: waits for the caseworker's supervisor (an admin may still decide). */
    status: z.enum(NEED_STATUSES),
    askedAs: z.enum(NEED_ASKED_AS),
    items: z.array(needItemSchema),
    totalValue: z.number().int(),
    /** Who asked (null once their account is gone); admins see the address. */
    asker: z.object({ uid: z.string(), name: z.string(), email: z.string() }).nullable(),
    church: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    agency: z.string().nullable(),
    supervisorName: z.string().nullable(),
    createdAt: isoTime,
    /** Whole hours it has waited (the queue's waiting time). */
    waitingHours: z.number().int(),
  })
  .meta({ id: 'QueuedNeed' });
export type QueuedNeed = z.infer<typeof queuedNeedSchema>;

export const needQueueSchema = z.object({ needs: z.array(queuedNeedSchema) });
export type NeedQueue = z.infer<typeof needQueueSchema>;
/** How many the queue shows at most, oldest first. */
export const NEED_QUEUE_MAX = 200;

/** "3 days 4 hours": the queue's waiting time, in the reader's language. */
export function waitingLabel(i18n: Pick<I18n, '_'>, hours: number): string {
  if (hours < 1) return i18n._('less than an hour');
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return i18n._('{hours, plural, one {# hour} other {# hours}}', { hours: rest });
  if (rest === 0) return i18n._('{days, plural, one {# day} other {# days}}', { days });
  return i18n._('{days, plural, one {# day} other {# days}} {hours, plural, one {# hour} other {# hours}}', { days, hours: rest });
}
