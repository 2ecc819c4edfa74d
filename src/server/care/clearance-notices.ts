import { and, eq, gte, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { CLEARANCE_NOTICE_DAYS } from '../../shared/care';
import type { Tx } from '../db/client';
import { careTeamMember, churchMember, churchPointPerson, clearanceRecord, clearanceRequirement } from '../db/schema';
import type { AppDeps } from '../deps';
import { MAIL_FORMS, renderMail } from '../mail';
import { reachable } from '../notifications';
import type { Locale } from '../../shared/i18n/locale';
import { clearanceToday, requirementNameIn } from './access';
import { dayLabel, namesOf } from './agenda';
import { addDays } from './recurrence';
import { careTeamTopic } from './store';
import { i18nFor, localesOf } from '../i18n';

// Clearances' clock (issue 27): CLEARANCE_NOTICE_DAYS before a cleared record expires, the member and the point
// persons of their church are told (clearanceExpiring); once it has expired, again (clearanceExpired), and the
// member's teams hear of it live, since the roles it opened close by themselves (access.ts counts an expired
// record as missing). These are notices about a member's standing, like an account's: sent whatever the care
// mail preference, to confirmed addresses of accounts not suspended. Each is sent once per expiry: the run
// claims the records by setting their notice time in the UPDATE that finds them (a second instance's UPDATE
// waits for the row and then no longer matches it); renewing a record clears both times (clearances.ts).

type NoticeDeps = Pick<AppDeps, 'config' | 'database' | 'outbox' | 'live'>;

type ClaimedRecord = { uid: string; requirementId: number; expiresOn: string | null };

/** Sends the notices due today. Answers how many records were noticed, of each kind. */
export async function sendClearanceNotices(deps: NoticeDeps, { now }: { now: Date }): Promise<{ expiring: number; expired: number }> {
  const today = clearanceToday(now);
  const { db } = deps.database;
  const cleared = and(eq(clearanceRecord.status, 'cleared'), isNotNull(clearanceRecord.expiresOn));
  const returning = { uid: clearanceRecord.uid, requirementId: clearanceRecord.requirementId, expiresOn: clearanceRecord.expiresOn };
  const expiring = await db.transaction(async (tx) => {
    // Not expired yet and within the notice's days (a record already past its date gets only the expiry notice).
    const rows = await tx
      .update(clearanceRecord)
      .set({ expiringNoticeAt: now })
      .where(
        and(
          cleared,
          isNull(clearanceRecord.expiringNoticeAt),
          gte(clearanceRecord.expiresOn, today),
          lte(clearanceRecord.expiresOn, addDays(today, CLEARANCE_NOTICE_DAYS)),
        ),
      )
      .returning(returning);
    await tell(deps, tx, rows, 'expiring');
    return rows.length;
  });
  const expired = await db.transaction(async (tx) => {
    const rows = await tx
      .update(clearanceRecord)
      .set({ expiredNoticeAt: now })
      .where(and(cleared, isNull(clearanceRecord.expiredNoticeAt), lt(clearanceRecord.expiresOn, today)))
      .returning(returning);
    await tell(deps, tx, rows, 'expired');
    // Their access changed today: the open pages of their teams refresh.
    const uids = [...new Set(rows.map((r) => r.uid))];
    if (uids.length > 0) {
      const teams = await tx
        .selectDistinct({ teamId: careTeamMember.teamId })
        .from(careTeamMember)
        .where(and(inArray(careTeamMember.uid, uids), eq(careTeamMember.status, 'active')));
      for (const t of teams) await deps.live.publish(tx, { topic: careTeamTopic(t.teamId), kind: 'updated', id: String(t.teamId) });
    }
    return rows.length;
  });
  if (expiring + expired > 0) deps.outbox.wake();
  return { expiring, expired };
}

/** Mails the member, and the point persons of the church they are a confirmed member of, of each record. */
async function tell(deps: NoticeDeps, tx: Tx, rows: ClaimedRecord[], kind: 'expiring' | 'expired') {
  if (rows.length === 0) return;
  const requirements = new Map(
    (
      await tx
        .select({ id: clearanceRequirement.id, name: clearanceRequirement.name, nameEs: clearanceRequirement.nameEs })
        .from(clearanceRequirement)
        .where(
          inArray(
            clearanceRequirement.id,
            rows.map((r) => r.requirementId),
          ),
        )
    ).map((r) => [r.id, r]),
  );
  const uids = [...new Set(rows.map((r) => r.uid))];
  const pointPersons = await tx
    .select({ member: churchMember.uid, pointPerson: churchPointPerson.uid })
    .from(churchMember)
    .innerJoin(churchPointPerson, eq(churchPointPerson.churchId, churchMember.churchId))
    .where(and(inArray(churchMember.uid, uids), eq(churchMember.status, 'confirmed')));
  const names = await namesOf(tx, uids);
  const emails = await reachable(tx, [...uids, ...pointPersons.map((p) => p.pointPerson)]);
  const page = `${deps.config.publicUrl}/care/clearances`;
  const form = kind === 'expiring' ? MAIL_FORMS.clearanceExpiring : MAIL_FORMS.clearanceExpired;
  const locales = await localesOf(tx, emails.keys());
  for (const r of rows) {
    // The requirement's name is the admins' own words (in Spanish too, when they gave it); the sentences around
    // it are in each reader's language.
    const requirement = requirements.get(r.requirementId);
    const what = (locale: Locale) => (requirement ? requirementNameIn(requirement, locale) : undefined);
    const own = emails.get(r.uid);
    if (own) {
      const locale = locales.get(r.uid) ?? 'en';
      const i18n = i18nFor(locale);
      const words = { what: what(locale) ?? i18n._(/*i18n*/ 'A clearance'), on: dayLabel(r.expiresOn!, i18n) };
      const mail =
        kind === 'expiring'
          ? renderMail({
              locale,
              subject: i18n._(/*i18n*/ 'Your {what} expires on {on}', words),
              paragraphs: [
                i18n._(
                  /*i18n*/ 'Your {what} is valid until {on}. After that, what your care team role needs it for stops until it is renewed.',
                  words,
                ),
                i18n._(/*i18n*/ 'Ask your church’s point person or the site’s team how to renew it.'),
                { action: page, label: i18n._(/*i18n*/ 'See your clearances') },
              ],
            })
          : renderMail({
              locale,
              subject: i18n._(/*i18n*/ 'Your {what} has expired', words),
              paragraphs: [
                i18n._(
                  /*i18n*/ 'Your {what} expired on {on}. Until it is renewed, what your care team role needs it for is closed to you (for example the family’s details, or respite care).',
                  words,
                ),
                { action: page, label: i18n._(/*i18n*/ 'See your clearances') },
              ],
            });
      await deps.outbox.add({ form, to: own, ...mail }, tx);
    }
    for (const p of pointPersons.filter((p) => p.member === r.uid && p.pointPerson !== r.uid)) {
      const to = emails.get(p.pointPerson);
      if (!to) continue;
      const locale = locales.get(p.pointPerson) ?? 'en';
      const i18n = i18nFor(locale);
      const words = {
        name: names.get(r.uid) ?? i18n._(/*i18n*/ 'A member'),
        what: what(locale) ?? i18n._(/*i18n*/ 'A clearance'),
        on: dayLabel(r.expiresOn!, i18n),
      };
      const mail = renderMail({
        locale,
        subject:
          kind === 'expiring'
            ? i18n._(/*i18n*/ "{name}'s {what} expires on {on}", words)
            : i18n._(/*i18n*/ "{name}'s {what} has expired", words),
        paragraphs: [
          kind === 'expiring'
            ? i18n._(/*i18n*/ '{name}, a member of your church on a care team, holds a {what} valid until {on}.', words)
            : i18n._(
                /*i18n*/ "{name}'s {what} expired on {on}; what their care team role needs it for is closed until it is renewed.",
                words,
              ),
          i18n._(/*i18n*/ 'You can record a renewal in the Clearances section of your church’s page.'),
        ],
      });
      await deps.outbox.add({ form, to, ...mail }, tx);
    }
  }
}
