import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  CHURCH_MEMBER_MESSAGES,
  CHURCH_PICK_MAX,
  CHURCH_PICK_RADIUS_MILES,
  CHURCH_PROPOSALS_TOPIC,
  DUPLICATE_CHURCH_MESSAGES,
  NEW_CHURCH_MEMBERS_DAYS,
  NEW_CHURCH_MEMBERS_MAX,
  directoryUrlOf,
  type MyChurch,
  type NewChurchMembers,
} from '../../shared/church-members';
import { CHURCH_NOT_FOUND, type churchProposalSchema, type ChurchListing } from '../../shared/churches';
import { DAY } from '../../shared/durations';
import { displayNameOf } from '../../shared/member-name';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { church, churchMember, churchPointPerson, profile } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { i18nFor, later, localeOfEmail } from '../i18n';
import type { SessionUser } from '../http/session';
import { MAIL_FORMS, renderMail } from '../mail';
import { isListed, photoUrlOf } from '../profiles';
import { boundingBox, milesBetween, zipPlace } from './geo';
import { CHURCHES_TOPIC, churchById, isPointPerson, locationColumns, placeOfZip, toListing, type ChurchRow } from './store';

// A member and their church (issue 25): the profile form's picker, the church a member says they belong to,
// and the proposal of a church the network does not have yet. One church a member (church_member's key).

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'logger' | 'outbox' | 'live'>;
type Proposal = z.output<typeof churchProposalSchema>;

/** `%`, `_` and `\` typed in the picker are searched for as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The picker: five digits are a ZIP code (the active churches within 50 miles, the nearest first); anything
 * else a name (names holding the words as typed, then names alike by trigrams, the likeliest first).
 */
export async function pickChurches(deps: Pick<Deps, 'database'>, { q }: { q: string }): Promise<ChurchListing[]> {
  const db = deps.database.db;
  if (q === '') return [];
  if (/^\d{5}$/.test(q)) {
    const place = zipPlace(q);
    if (!place) return [];
    const box = boundingBox(place, CHURCH_PICK_RADIUS_MILES);
    const rows = await db
      .select()
      .from(church)
      .where(
        and(
          eq(church.status, 'active'),
          gte(church.latitude, box.minLatitude),
          lte(church.latitude, box.maxLatitude),
          gte(church.longitude, box.minLongitude),
          lte(church.longitude, box.maxLongitude),
        ),
      );
    return rows
      .map((row) => ({ row, miles: milesBetween(place, row) }))
      .filter((r) => r.miles <= CHURCH_PICK_RADIUS_MILES)
      .sort((a, b) => a.miles - b.miles || a.row.name.localeCompare(b.row.name))
      .slice(0, CHURCH_PICK_MAX)
      .map((r) => toListing(r.row, r.miles));
  }
  const lowered = q.toLowerCase();
  // Both conditions read church_name_trgm_idx (trigrams of lower(name)): LIKE for the words as typed,
  // <% (word similarity) for a name typed a little off ("Centrl Assembly").
  const rows = await db
    .select()
    .from(church)
    .where(
      and(eq(church.status, 'active'), sql`(lower(${church.name}) like ${containing(lowered)} or ${lowered} <% lower(${church.name}))`),
    )
    .orderBy(
      sql`lower(${church.name}) like ${containing(lowered)} desc`,
      sql`word_similarity(${lowered}, lower(${church.name})) desc`,
      asc(church.name),
      asc(church.id),
    )
    .limit(CHURCH_PICK_MAX);
  return rows.map((row) => toListing(row));
}

/** My church and the churches I keep. */
export async function myChurch(deps: Pick<Deps, 'database'>, { who }: { who: SessionUser }): Promise<MyChurch> {
  const db = deps.database.db;
  const [mine] = await db
    .select({ row: church, status: churchMember.status })
    .from(churchMember)
    .innerJoin(church, eq(church.id, churchMember.churchId))
    .where(eq(churchMember.uid, who.id));
  const keeps = await db
    .select({ id: church.id, name: church.name, status: church.status })
    .from(churchPointPerson)
    .innerJoin(church, eq(church.id, churchPointPerson.churchId))
    .where(eq(churchPointPerson.uid, who.id))
    .orderBy(asc(church.name));
  return {
    church: mine ? { listing: toListing(mine.row), churchStatus: mine.row.status, status: mine.status } : null,
    keeps,
  };
}

/**
 * The member's home (issue 29): who joined my church lately. Only a confirmed member of an active church sees
 * them (a claim is the member's word alone, and would let anyone look into any church), and only members a
 * point person confirmed and the directory lists (its own predicate): what the directory shows of anyone, and
 * when they joined. The asker is left out of their own list.
 */
export async function newMembersOfMyChurch(
  deps: Pick<Deps, 'database' | 'clock'>,
  { who }: { who: SessionUser },
): Promise<NewChurchMembers> {
  const db = deps.database.db;
  const [mine] = await db
    .select({ id: church.id, name: church.name })
    .from(churchMember)
    .innerJoin(church, eq(church.id, churchMember.churchId))
    .where(and(eq(churchMember.uid, who.id), eq(churchMember.status, 'confirmed'), eq(church.status, 'active')));
  if (!mine) return { church: null, members: [] };
  const since = new Date(deps.clock.now().getTime() - NEW_CHURCH_MEMBERS_DAYS * DAY);
  const rows = await db
    .select({
      uid: profile.uid,
      firstName: profile.firstName,
      lastName: profile.lastName,
      photoVersion: profile.photoVersion,
      joinedAt: churchMember.confirmedAt,
    })
    .from(churchMember)
    .innerJoin(profile, eq(profile.uid, churchMember.uid))
    .where(
      and(
        eq(churchMember.churchId, mine.id),
        eq(churchMember.status, 'confirmed'),
        gte(churchMember.confirmedAt, since),
        ne(churchMember.uid, who.id),
        isListed,
      ),
    )
    .orderBy(desc(churchMember.confirmedAt), asc(churchMember.uid))
    .limit(NEW_CHURCH_MEMBERS_MAX);
  return {
    church: mine,
    members: rows.map((r) => {
      const { name } = displayNameOf({ isDeleted: false, ...r });
      return { uid: r.uid, name, photoUrl: photoUrlOf(r), directoryUrl: directoryUrlOf(name), joinedAt: r.joinedAt!.toISOString() };
    }),
  };
}

/** Writes the member's one church: a new one replaces the old; a point person of it is confirmed at once. */
async function setClaim(tx: Tx, { uid, churchId, now, confirmed }: { uid: string; churchId: number; now: Date; confirmed: boolean }) {
  const values = {
    churchId,
    status: confirmed ? ('confirmed' as const) : ('claimed' as const),
    claimedAt: now,
    confirmedAt: confirmed ? now : null,
  };
  await tx
    .insert(churchMember)
    .values({ uid, ...values })
    .onConflictDoUpdate({ target: churchMember.uid, set: values });
}

/** The member's previous church, if any, so that its page hears that the member left. */
async function previousChurchOf(tx: Tx, uid: string): Promise<number | undefined> {
  const [row] = await tx.select({ churchId: churchMember.churchId }).from(churchMember).where(eq(churchMember.uid, uid)).for('update');
  return row?.churchId;
}

async function announce(deps: Pick<Deps, 'live'>, tx: Tx, ids: Array<number | undefined>) {
  for (const id of new Set(ids.filter((i): i is number => i !== undefined))) {
    await deps.live.publish(tx, { topic: CHURCHES_TOPIC, kind: 'updated', id: String(id) });
  }
}

/** PUT /api/me/church: only an active church can be picked (a proposal is claimed by proposing it). */
export async function claimChurch(deps: Deps, { who, churchId }: { who: SessionUser; churchId: number }): Promise<MyChurch> {
  await deps.database.db.transaction(async (tx) => {
    const row = await churchById(tx, churchId).catch(() => undefined);
    if (!row || row.status !== 'active') {
      throw new AppError('VALIDATION', CHURCH_NOT_FOUND, { churchId: CHURCH_NOT_FOUND });
    }
    const before = await previousChurchOf(tx, who.id);
    await setClaim(tx, { uid: who.id, churchId, now: deps.clock.now(), confirmed: await isPointPerson(tx, churchId, who.id) });
    await announce(deps, tx, [before, churchId]);
  });
  deps.logger.info('church claimed', { uid: who.id, churchId });
  return myChurch(deps, { who });
}

export async function leaveChurch(deps: Deps, { who }: { who: SessionUser }): Promise<MyChurch> {
  await deps.database.db.transaction(async (tx) => {
    const [left] = await tx.delete(churchMember).where(eq(churchMember.uid, who.id)).returning({ churchId: churchMember.churchId });
    await announce(deps, tx, [left?.churchId]);
  });
  deps.logger.info('church left', { uid: who.id });
  return myChurch(deps, { who });
}

/** The proposer: a saved profile, whose name the admins read with the proposal. */
async function requireProposer(deps: Pick<Deps, 'database'>, who: SessionUser) {
  const [row] = await deps.database.db
    .select({ savedAt: profile.savedAt, firstName: profile.firstName, lastName: profile.lastName })
    .from(profile)
    .where(eq(profile.uid, who.id));
  if (!row?.savedAt) throw new AppError('NEEDS_PROFILE', CHURCH_MEMBER_MESSAGES.needsProfile);
  return displayNameOf({ isDeleted: false, ...row }).name;
}

/** The church of the network with this name in this ZIP code, active or waiting: a proposal of it again is refused. */
async function sameChurch(tx: Tx, { name, zip }: { name: string; zip: string }): Promise<ChurchRow | undefined> {
  const [row] = await tx
    .select()
    .from(church)
    .where(and(eq(church.zip, zip), sql`lower(${church.name}) = ${name.toLowerCase()}`, inArray(church.status, ['active', 'proposed'])))
    .orderBy(sql`${church.status} = 'active' desc`)
    .limit(1);
  return row;
}

/**
 * POST /api/churches/proposals: a `proposed` church in the ZIP code's place, claimed for the proposer (who
 * becomes its point person if they offered to, confirmed at once as point persons are). The team hears of it
 * by mail, and the admin's queue by the live topic; the church is listed only once an admin approves it.
 */
export async function proposeChurch(deps: Deps, { who, proposal }: { who: SessionUser; proposal: Proposal }): Promise<MyChurch> {
  const proposerName = await requireProposer(deps, who);
  const place = placeOfZip(proposal.zip, proposal.state);
  const id = await deps.database.db.transaction(async (tx) => {
    const existing = await sameChurch(tx, proposal);
    if (existing) {
      const message = later(DUPLICATE_CHURCH_MESSAGES[existing.status === 'proposed' ? 'waiting' : 'listed'], {
        name: existing.name,
        city: existing.city,
      });
      throw new AppError('CONFLICT', message, { name: message });
    }
    const now = deps.clock.now();
    const [row] = await tx
      .insert(church)
      .values({
        name: proposal.name,
        ag: proposal.ag,
        city: proposal.city,
        state: proposal.state,
        zip: proposal.zip,
        ...locationColumns(place),
        status: 'proposed',
        proposedBy: who.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: church.id });
    const churchId = row!.id;
    if (proposal.pointPerson) await tx.insert(churchPointPerson).values({ churchId, uid: who.id, since: now });
    const before = await previousChurchOf(tx, who.id);
    await setClaim(tx, { uid: who.id, churchId, now, confirmed: proposal.pointPerson });
    // The team's address is a member's account or none (English then): the mail is in its language.
    const locale = await localeOfEmail(tx, deps.config.staffEmail);
    const i18n = i18nFor(locale);
    const values = { name: proposal.name, city: proposal.city, state: proposal.state };
    await deps.outbox.add(
      {
        form: MAIL_FORMS.churchProposal,
        to: deps.config.staffEmail,
        replyTo: who.email,
        ...renderMail({
          locale,
          subject: i18n._('A church is proposed: {name}, {city} {state}', values),
          paragraphs: [
            i18n._('{proposerName} ({email}) proposed a church for the Foster Care Network:', { proposerName, email: who.email }),
            {
              quote: [
                proposal.name,
                `${proposal.city}, ${proposal.state} ${proposal.zip}`,
                proposal.ag ? i18n._('Assemblies of God') : i18n._('Not Assemblies of God'),
                proposal.pointPerson
                  ? i18n._('The proposer offers to keep its page.')
                  : i18n._('The proposer does not offer to keep its page.'),
              ].join('\n'),
            },
            i18n._('It waits for an admin: approve it, merge it into a church the network has, or decline it.'),
            { action: `${deps.config.publicUrl}/admin/churches`, label: i18n._('Open the churches in the admin area') },
            i18n._('Replying to this message writes to the proposer.'),
          ],
        }),
      },
      tx,
    );
    await announce(deps, tx, [before, churchId]);
    await deps.live.publish(tx, { topic: CHURCH_PROPOSALS_TOPIC, kind: 'created', id: String(churchId) });
    return churchId;
  });
  deps.outbox.wake();
  deps.logger.info('church proposed', { uid: who.id, churchId: id, pointPerson: proposal.pointPerson });
  return myChurch(deps, { who });
}
