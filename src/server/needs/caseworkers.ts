import { asc, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_ACTIONS } from '../../shared/admin';
import { DAY } from '../../shared/durations';
import type { CaseworkerStatus } from '../../shared/needs';
import {
  ADMIN_CASEWORKERS_MAX,
  CASEWORKER_ALREADY,
  CASEWORKER_ALREADY_APPROVED,
  CASEWORKER_NOT_FOUND,
  CASEWORKER_OWN_SUPERVISOR,
  type AdminCaseworker,
  type MyCaseworker,
} from '../../shared/needs-approvals';
import { recordActivity, type Actor } from '../activity';
import { caseworker, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { i18nFor, isLocale, localeOfEmail } from '../i18n';
import { MAIL_FORMS, renderMail } from '../mail';
import { CASEWORKERS_TOPIC, caseworkerOf } from './store';

// Caseworker accounts (issue 26): a person from a child-welfare agency applies with their agency and their
// supervisor's work address; an admin approves (or declines with a reason). Approved, they write requests that
// go to that supervisor for approval. Each change is one transaction with its mail, its activity-log entry and
// its live announcement.

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'live' | 'outbox' | 'logger'>;
type CaseworkerRow = typeof caseworker.$inferSelect;
type Application = { name: string; agency: string; supervisorName: string; supervisorEmail: string };

/** The application as its caseworker (and the admin) reads it. */
function applicationOf(row: CaseworkerRow) {
  return {
    name: row.name,
    agency: row.agency,
    supervisorName: row.supervisorName,
    supervisorEmail: row.supervisorEmail,
    status: row.status,
    appliedAt: row.appliedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
  };
}

const mine = (row: CaseworkerRow | undefined): MyCaseworker => ({ caseworker: row ? applicationOf(row) : null });

export async function myCaseworker(deps: Pick<AppDeps, 'database'>, uid: string): Promise<MyCaseworker> {
  return mine(await caseworkerOf(deps.database.db, uid));
}

/**
 * An account applies (or corrects its application while it waits, or applies again once declined). Its address
 * must be confirmed: it is the work address the team checks against the agency. The team is told by mail,
 * Reply-To the applicant.
 */
export async function applyAsCaseworker(deps: Deps, { who, input }: { who: SessionUser; input: Application }): Promise<MyCaseworker> {
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED', /*i18n*/ 'You can apply once you confirm your email address.');
  if (input.supervisorEmail === who.email.toLowerCase()) {
    throw new AppError('VALIDATION', CASEWORKER_OWN_SUPERVISOR, { supervisorEmail: CASEWORKER_OWN_SUPERVISOR });
  }
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    const before = await caseworkerOf(tx, who.id);
    if (before?.status === 'approved') throw new AppError('CONFLICT', CASEWORKER_ALREADY_APPROVED);
    const values = { ...input, status: 'applied' as const, appliedAt: now, decidedAt: null, decidedBy: null, declineReason: null };
    const [saved] = await tx
      .insert(caseworker)
      .values({ uid: who.id, ...values })
      .onConflictDoUpdate({ target: caseworker.uid, set: values, setWhere: sql`${caseworker.status} <> 'approved'` })
      .returning();
    // Approved by an admin in the meantime: the upsert left it alone.
    if (!saved) throw new AppError('CONFLICT', CASEWORKER_ALREADY_APPROVED);
    // The team's mailbox reads the language of the account with its address, if there is one (else English).
    const locale = await localeOfEmail(tx, deps.config.staffEmail);
    const i18n = i18nFor(locale);
    await deps.outbox.add(
      {
        form: MAIL_FORMS.caseworkerApplication,
        to: deps.config.staffEmail,
        replyTo: who.email,
        ...renderMail({
          locale,
          subject: i18n._('A caseworker applies: {name}, {agency}', { name: input.name, agency: input.agency }),
          paragraphs: [
            i18n._('{name} ({email}) applies for a caseworker account on the needs board:', { name: input.name, email: who.email }),
            {
              quote: [
                i18n._('Agency: {agency}', { agency: input.agency }),
                i18n._('Supervisor: {name} ({email})', { name: input.supervisorName, email: input.supervisorEmail }),
              ].join('\n'),
            },
            i18n._(
              'Check the work address against the agency before approving. Each request they write goes to their supervisor for approval.',
            ),
            { action: `${deps.config.publicUrl}/admin/caseworkers`, label: i18n._('Open the caseworkers in the admin area') },
            i18n._('Replying to this message writes to the applicant.'),
          ],
        }),
      },
      tx,
    );
    await deps.live.publish(tx, { topic: CASEWORKERS_TOPIC, kind: 'updated', id: who.id });
    return saved;
  });
  deps.outbox.wake();
  deps.logger.info('caseworker applied', { uid: who.id });
  return mine(row);
}

function toAdmin(row: CaseworkerRow, email: string, now: Date): AdminCaseworker {
  return {
    uid: row.uid,
    email,
    ...applicationOf(row),
    waitingDays: row.status === 'applied' ? Math.max(0, Math.floor((now.getTime() - row.appliedAt.getTime()) / DAY)) : null,
  };
}

/** The admin's list: applications waiting, oldest first, then those decided, newest decision first. */
export async function listCaseworkers(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  { status }: { status?: CaseworkerStatus | undefined },
): Promise<AdminCaseworker[]> {
  const rows = await deps.database.db
    .select({ row: caseworker, email: user.email })
    .from(caseworker)
    .innerJoin(user, eq(user.id, caseworker.uid))
    .where(status ? eq(caseworker.status, status) : undefined)
    .orderBy(
      sql`${caseworker.status} = 'applied' desc`,
      asc(sql`case when ${caseworker.status} = 'applied' then ${caseworker.appliedAt} end`),
      desc(caseworker.decidedAt),
      asc(caseworker.uid),
    )
    .limit(ADMIN_CASEWORKERS_MAX);
  const now = deps.clock.now();
  return rows.map((r) => toAdmin(r.row, r.email, now));
}

async function decide(
  deps: Deps,
  { actor, uid, to, reason }: { actor: Actor; uid: string; to: 'approved' | 'declined'; reason: string | null },
): Promise<AdminCaseworker> {
  const now = deps.clock.now();
  const answer = await deps.database.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ row: caseworker, email: user.email, locale: user.locale })
      .from(caseworker)
      .innerJoin(user, eq(user.id, caseworker.uid))
      .where(eq(caseworker.uid, uid))
      .for('update');
    if (!found) throw new AppError('NOT_FOUND', CASEWORKER_NOT_FOUND);
    if (found.row.status === to) throw new AppError('CONFLICT', CASEWORKER_ALREADY(to));
    const [row] = await tx
      .update(caseworker)
      .set({ status: to, decidedAt: now, decidedBy: actor.uid, declineReason: reason })
      .where(eq(caseworker.uid, uid))
      .returning();
    const home = deps.config.publicUrl;
    // In the caseworker's language, whichever admin decided.
    const locale = isLocale(found.locale) ? found.locale : 'en';
    const i18n = i18nFor(locale);
    const dear = i18n._('Dear {name},', { name: found.row.name });
    const message =
      to === 'approved'
        ? {
            locale,
            subject: i18n._('Your caseworker account is approved'),
            paragraphs: [
              dear,
              i18n._(
                'The team of the Foster Care Network approved your caseworker account for {agency}. You can now ask for what a foster family needs on the needs board.',
                { agency: found.row.agency },
              ),
              i18n._(
                'Each request you write goes to your supervisor, {name}, as a link to approve it; it goes to the churches near the family once they do.',
                { name: found.row.supervisorName },
              ),
              { action: `${home}/needs/new`, label: i18n._('Ask for a need') },
            ],
          }
        : {
            locale,
            subject: i18n._('About your caseworker account'),
            paragraphs: [
              dear,
              found.row.status === 'approved'
                ? i18n._('The team of the Foster Care Network withdrew the approval of your caseworker account.')
                : i18n._('The team of the Foster Care Network did not approve your caseworker account.'),
              i18n._('The reason given:'),
              { quote: reason ?? '' },
              i18n._('You can apply again with what was missing:'),
              { action: `${home}/caseworkers/apply`, label: i18n._('Apply as a caseworker') },
            ],
          };
    await deps.outbox.add(
      {
        form: to === 'approved' ? MAIL_FORMS.caseworkerApproved : MAIL_FORMS.caseworkerDeclined,
        to: found.email.toLowerCase(),
        ...renderMail(message),
      },
      tx,
    );
    await recordActivity(
      { db: tx, live: deps.live },
      {
        actor,
        action: to === 'approved' ? ADMIN_ACTIONS.caseworkerApproved : ADMIN_ACTIONS.caseworkerDeclined,
        target: `${found.row.name} (${found.row.agency})`,
        details: { uid, ...(reason ? { reason } : {}) },
        at: now,
      },
    );
    await deps.live.publish(tx, { topic: CASEWORKERS_TOPIC, kind: 'updated', id: uid });
    return toAdmin(row!, found.email, now);
  });
  deps.outbox.wake();
  deps.logger.info('caseworker decided', { uid, status: to, by: actor.uid });
  return answer;
}

/** An admin approves an application (or one declined before): the caseworker may ask for needs from now on. */
export const approveCaseworker = (deps: Deps, { actor, uid }: { actor: Actor; uid: string }) =>
  decide(deps, { actor, uid, to: 'approved', reason: null });

/** An admin declines an application, or withdraws an approval; the caseworker is sent the reason. */
export const declineCaseworker = (deps: Deps, { actor, uid, reason }: { actor: Actor; uid: string; reason: string }) =>
  decide(deps, { actor, uid, to: 'declined', reason });
