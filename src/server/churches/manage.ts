import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { CHURCH_MEMBER_MESSAGES, type ChurchManage, type ChurchMember, type ChurchMemberRole } from '../../shared/church-members';
import { CHURCH_NOT_FOUND, type ChurchFields } from '../../shared/churches';
import { ADMIN_ACTIONS } from '../../shared/admin';
import { displayNameOf } from '../../shared/member-name';
import type { PhotoCrop } from '../../shared/profile';
import { STATE_CODES, type StateCode } from '../../shared/states';
import { recordActivity } from '../activity';
import type { Tx } from '../db/client';
import { church, churchMember, churchPointPerson, profile, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { i18nFor, isLocale } from '../i18n';
import type { SessionUser } from '../http/session';
import { MAIL_FORMS, renderMail } from '../mail';
import { processPhoto } from '../profiles';
import {
  CHURCHES_TOPIC,
  churchById,
  churchFieldColumns,
  churchFieldsOf,
  churchFigures,
  churchPhotoPath,
  churchPhotoUrl,
  isPointPerson,
  type ChurchRow,
} from './store';

// The point person's page of a church (issue 25): its fields, its photo, the members who say they belong
// (confirmed or removed here) and a message to its confirmed members. Its point persons and admins only; what
// they see of a member is what the directory shows of anyone (name, city, role), never a private field.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'logger' | 'outbox' | 'live' | 'storage'>;

/** Who asks, and whether they may act as an admin (the route decides that from the session: actsAsAdmin). */
export type Keeper = { who: SessionUser; asAdmin: boolean };

/** Where a church's photo is kept: beside the members' photos, under a key of its own. */
export const churchPhotoKey = (id: number) => `churches/${id}.jpg`;

/**
 * The church, for one of its point persons or an admin: 404 for an id that names none (and, for point
 * persons, for an archived church, which has left the network), 403 for anyone else.
 */
export async function requireKeeper(deps: Pick<Deps, 'database'>, { who, asAdmin }: Keeper, id: number): Promise<ChurchRow> {
  const row = await churchById(deps.database.db, id);
  if (asAdmin) return row;
  if (!(await isPointPerson(deps.database.db, id, who.id))) throw new AppError('FORBIDDEN', CHURCH_MEMBER_MESSAGES.notPointPerson);
  if (row.status === 'archived') throw new AppError('NOT_FOUND', CHURCH_NOT_FOUND);
  return row;
}

/**
 * An admin who changes a church they do not keep leaves an entry in the activity log, as the admin area's
 * changes do; its point persons' own changes are theirs to make and are not logged.
 */
async function logIfAdmin(deps: Pick<Deps, 'live' | 'clock'>, tx: Tx, keeper: Keeper, row: ChurchRow, details: Record<string, unknown>) {
  if (!keeper.asAdmin || (await isPointPerson(tx, row.id, keeper.who.id))) return;
  await recordActivity(
    { db: tx, live: deps.live },
    {
      actor: { uid: keeper.who.id, email: keeper.who.email },
      action: ADMIN_ACTIONS.churchEdited,
      target: `${row.name} (${row.city}, ${row.state})`,
      details: { church: row.id, ...details },
      at: deps.clock.now(),
    },
  );
}

const isState = (s: string | null): s is StateCode => s !== null && (STATE_CODES as readonly string[]).includes(s);

function rolesOf(p: { fosterParent: string | null; agCredentialed: string | null; agAffiliated: string | null }): ChurchMemberRole[] {
  const roles: ChurchMemberRole[] = [];
  if (p.fosterParent === 'Yes') roles.push('foster-parent');
  if (p.agCredentialed === 'Yes') roles.push('ag-credentialed');
  if (p.agAffiliated === 'Yes') roles.push('ag-affiliated');
  return roles;
}

/**
 * The members who say they belong, waiting ones first. Only these columns are read, so nothing private (email,
 * phone, street address, ZIP code) can reach the answer. Suspended members are left out, as everywhere.
 */
async function membersOf(deps: Pick<Deps, 'database'>, id: number): Promise<ChurchMember[]> {
  const rows = await deps.database.db
    .select({
      uid: churchMember.uid,
      status: churchMember.status,
      claimedAt: churchMember.claimedAt,
      firstName: profile.firstName,
      lastName: profile.lastName,
      city: profile.city,
      state: profile.state,
      fosterParent: profile.fosterParent,
      agCredentialed: profile.agCredentialed,
      agAffiliated: profile.agAffiliated,
      isPointPerson: sql<boolean>`${churchPointPerson.uid} is not null`,
    })
    .from(churchMember)
    .innerJoin(profile, eq(profile.uid, churchMember.uid))
    .leftJoin(churchPointPerson, and(eq(churchPointPerson.churchId, churchMember.churchId), eq(churchPointPerson.uid, churchMember.uid)))
    .where(and(eq(churchMember.churchId, id), isNull(profile.suspendedAt)))
    .orderBy(sql`${churchMember.status} = 'confirmed'`, asc(profile.lastName), asc(profile.firstName), asc(churchMember.uid));
  return rows.map((r) => ({
    uid: r.uid,
    name: displayNameOf({ isDeleted: false, firstName: r.firstName, lastName: r.lastName }).name,
    city: r.city,
    state: isState(r.state) ? r.state : null,
    roles: rolesOf(r),
    status: r.status,
    claimedAt: r.claimedAt.toISOString(),
    isPointPerson: r.isPointPerson,
  }));
}

export async function churchToManage(deps: Pick<Deps, 'database'>, row: ChurchRow, asAdmin: boolean): Promise<ChurchManage> {
  const db = deps.database.db;
  const keepers = await db
    .select({ uid: churchPointPerson.uid, firstName: profile.firstName, lastName: profile.lastName })
    .from(churchPointPerson)
    .innerJoin(profile, eq(profile.uid, churchPointPerson.uid))
    .where(eq(churchPointPerson.churchId, row.id))
    .orderBy(asc(churchPointPerson.since));
  const figures = (await churchFigures(db, [row.id], true)).get(row.id)!;
  return {
    id: row.id,
    status: row.status,
    fields: churchFieldsOf(row),
    photoUrl: churchPhotoUrl(row),
    figures: figures ?? { members: 0, fosterFamilies: 0, fosterChildren: 0 },
    pointPersons: keepers.map((k) => ({ uid: k.uid, name: displayNameOf({ isDeleted: false, ...k }).name })),
    members: await membersOf(deps, row.id),
    asAdmin,
  };
}

export async function getChurchToManage(deps: Deps, keeper: Keeper, id: number): Promise<ChurchManage> {
  const row = await requireKeeper(deps, keeper, id);
  return churchToManage(deps, row, keeper.asAdmin);
}

export async function updateChurch(deps: Deps, keeper: Keeper, id: number, fields: ChurchFields): Promise<ChurchManage> {
  const before = await requireKeeper(deps, keeper, id);
  const columns = churchFieldColumns(fields);
  const row = await deps.database.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(church)
      .set({ ...columns, updatedAt: deps.clock.now() })
      .where(eq(church.id, id))
      .returning();
    await logIfAdmin(deps, tx, keeper, before, { page: 'edited' });
    await deps.live.publish(tx, { topic: CHURCHES_TOPIC, kind: 'updated', id: String(id) });
    return saved!;
  });
  deps.logger.info('church updated', { churchId: id, uid: keeper.who.id, asAdmin: keeper.asAdmin });
  return churchToManage(deps, row, keeper.asAdmin);
}

/** Re-encoded as a profile photo is (processPhoto: metadata stripped), stored, and its version moved on. */
export async function saveChurchPhoto(
  deps: Deps,
  keeper: Keeper,
  { id, data, crop }: { id: number; data: Buffer; crop?: PhotoCrop | undefined },
): Promise<{ photoUrl: string }> {
  const before = await requireKeeper(deps, keeper, id);
  const jpeg = await processPhoto(data, crop);
  await deps.storage.put(churchPhotoKey(id), jpeg, 'image/jpeg');
  const version = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(church)
      .set({ photoVersion: sql`coalesce(${church.photoVersion}, 0) + 1`, updatedAt: deps.clock.now() })
      .where(eq(church.id, id))
      .returning({ photoVersion: church.photoVersion });
    await logIfAdmin(deps, tx, keeper, before, { photo: 'saved' });
    await deps.live.publish(tx, { topic: CHURCHES_TOPIC, kind: 'updated', id: String(id) });
    return row!.photoVersion!;
  });
  deps.logger.info('church photo saved', { churchId: id, uid: keeper.who.id, version, bytes: jpeg.length });
  return { photoUrl: churchPhotoPath(id, version) };
}

export async function removeChurchPhoto(deps: Deps, keeper: Keeper, id: number): Promise<void> {
  const before = await requireKeeper(deps, keeper, id);
  await deps.database.db.transaction(async (tx) => {
    await tx.update(church).set({ photoVersion: null, updatedAt: deps.clock.now() }).where(eq(church.id, id));
    await logIfAdmin(deps, tx, keeper, before, { photo: 'removed' });
    await deps.live.publish(tx, { topic: CHURCHES_TOPIC, kind: 'updated', id: String(id) });
  });
  await deps.storage.delete(churchPhotoKey(id));
  deps.logger.info('church photo removed', { churchId: id, uid: keeper.who.id });
}

/**
 * A church's photo for whoever may see the church: everyone for an active one; for a proposed or archived one
 * its point persons (not of an archived one) and admins. Undefined for the rest, as for a church without one.
 */
export async function readChurchPhoto(
  deps: Pick<Deps, 'database' | 'storage'>,
  { id, viewer, actsAsAdmin }: { id: number; viewer: SessionUser | null; actsAsAdmin: () => Promise<boolean> },
): Promise<{ data: Buffer; version: number; isPublic: boolean } | undefined> {
  const [row] = await deps.database.db
    .select({ status: church.status, photoVersion: church.photoVersion })
    .from(church)
    .where(eq(church.id, id));
  if (!row || row.photoVersion === null) return undefined;
  if (row.status !== 'active') {
    const mayKeep = row.status === 'proposed' && viewer !== null && (await isPointPerson(deps.database.db, id, viewer.id));
    if (!mayKeep && !(viewer && (await actsAsAdmin()))) return undefined;
  }
  const file = await deps.storage.get(churchPhotoKey(id));
  return file ? { data: file.data, version: row.photoVersion, isPublic: row.status === 'active' } : undefined;
}

async function claimOf(deps: Pick<Deps, 'database'>, id: number, uid: string) {
  const [row] = await deps.database.db
    .select({ status: churchMember.status })
    .from(churchMember)
    .where(and(eq(churchMember.churchId, id), eq(churchMember.uid, uid)));
  if (!row) throw new AppError('NOT_FOUND', CHURCH_MEMBER_MESSAGES.notAMember);
  return row;
}

export async function confirmMember(deps: Deps, keeper: Keeper, { id, uid }: { id: number; uid: string }): Promise<void> {
  const row = await requireKeeper(deps, keeper, id);
  const claim = await claimOf(deps, id, uid);
  if (claim.status === 'confirmed') return;
  await deps.database.db.transaction(async (tx) => {
    await tx
      .update(churchMember)
      .set({ status: 'confirmed', confirmedAt: deps.clock.now() })
      .where(and(eq(churchMember.churchId, id), eq(churchMember.uid, uid)));
    await logIfAdmin(deps, tx, keeper, row, { member: uid, claim: 'confirmed' });
    await deps.live.publish(tx, { topic: CHURCHES_TOPIC, kind: 'updated', id: String(id) });
  });
  deps.logger.info('church member confirmed', { churchId: id, uid, by: keeper.who.id });
}

export async function removeMember(deps: Deps, keeper: Keeper, { id, uid }: { id: number; uid: string }): Promise<void> {
  const row = await requireKeeper(deps, keeper, id);
  await claimOf(deps, id, uid);
  await deps.database.db.transaction(async (tx) => {
    await tx.delete(churchMember).where(and(eq(churchMember.churchId, id), eq(churchMember.uid, uid)));
    await logIfAdmin(deps, tx, keeper, row, { member: uid, claim: 'removed' });
    await deps.live.publish(tx, { topic: CHURCHES_TOPIC, kind: 'updated', id: String(id) });
  });
  deps.logger.info('church member removed', { churchId: id, uid, by: keeper.who.id });
}

/**
 * One mail per confirmed member (not the sender), Reply-To the sender: members learn one another's address only
 * by replying. Queued in one transaction, so a message reaches all of them or none.
 */
export async function messageMembers(
  deps: Deps,
  keeper: Keeper,
  { id, input }: { id: number; input: { subject: string | null; message: string } },
): Promise<{ recipients: number }> {
  const row = await requireKeeper(deps, keeper, id);
  const { who } = keeper;
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED');
  const db = deps.database.db;
  const [sender] = await db
    .select({ firstName: profile.firstName, lastName: profile.lastName })
    .from(profile)
    .where(eq(profile.uid, who.id));
  const senderName = displayNameOf({ isDeleted: false, ...sender }).name;
  const recipients = await db
    .select({ uid: churchMember.uid, firstName: profile.firstName, email: user.email, locale: user.locale })
    .from(churchMember)
    .innerJoin(profile, eq(profile.uid, churchMember.uid))
    .innerJoin(user, eq(user.id, churchMember.uid))
    .where(
      and(
        eq(churchMember.churchId, id),
        eq(churchMember.status, 'confirmed'),
        isNull(profile.suspendedAt),
        sql`${churchMember.uid} <> ${who.id}`,
      ),
    );
  if (recipients.length === 0) throw new AppError('CONFLICT', CHURCH_MEMBER_MESSAGES.noRecipients);
  const church = { senderName, name: row.name };
  await db.transaction(async (tx) => {
    for (const r of recipients) {
      // The framing is in each member's own language; the point person's words are sent as they wrote them.
      const locale = isLocale(r.locale) ? r.locale : 'en';
      const i18n = i18nFor(locale);
      await deps.outbox.add(
        {
          form: MAIL_FORMS.churchMembersMessage,
          to: r.email,
          replyTo: who.email.toLowerCase(),
          ...renderMail({
            locale,
            subject: input.subject ?? i18n._('{senderName} wrote to the members of {name}', church),
            paragraphs: [
              r.firstName ? i18n._('Hello {firstName},', { firstName: r.firstName }) : i18n._('Hello,'),
              i18n._('{senderName}, who keeps the page of {name} on the Foster Care Network, wrote to the church’s members:', church),
              { quote: input.message },
              i18n._('To answer, reply to this email: your reply goes to {senderName} alone.', church),
              i18n._(
                'You get this message because you belong to {name} on the network. Your email address is not shown to anyone.',
                church,
              ),
            ],
          }),
        },
        tx,
      );
    }
  });
  deps.outbox.wake();
  deps.logger.info('church members message queued', { churchId: id, from: who.id, recipients: recipients.length });
  return { recipients: recipients.length };
}
