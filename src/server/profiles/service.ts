import { eq, sql } from 'drizzle-orm';
import { ADMIN_TOPICS } from '../../shared/admin';
import {
  PROFILE_FIELDS,
  PUBLIC_PROFILE_FIELDS,
  photoPath,
  profileSchema,
  type OwnProfile,
  type PhotoCrop,
  type PublicProfile,
  type StoredProfileFields,
} from '../../shared/profile';
import { STATE_CODES, STATE_NONE, type StateCode } from '../../shared/states';
import type { SessionUser } from '../http/session';
import type { AppDeps } from '../deps';
import { profile } from '../db/schema';
import { AppError } from '../http/errors';
import { parseWith } from '../http/validate';
import { photoKey } from '../storage/storage';
import { isListed } from './listing';
import { processPhoto } from './photo';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'storage' | 'logger' | 'live'>;

/** The admin's live list of profiles (product.md §11.1, "Live") refetches on these. */
export const USERS_TOPIC = ADMIN_TOPICS.users;
export type ProfileRow = typeof profile.$inferSelect;

function storedState(value: string): StateCode | typeof STATE_NONE {
  return (STATE_CODES as readonly string[]).includes(value) ? (value as StateCode) : STATE_NONE;
}

export function fieldsOf(row: ProfileRow): StoredProfileFields {
  const fields = Object.fromEntries(PROFILE_FIELDS.map((k) => [k, row[k] ?? null])) as StoredProfileFields;
  fields.state = storedState(row.state);
  return fields;
}

export function photoUrlOf(row: Pick<ProfileRow, 'uid' | 'photoVersion'>): string | null {
  return row.photoVersion != null ? photoPath(row.uid, row.photoVersion) : null;
}

function toOwnProfile(row: ProfileRow): OwnProfile {
  return {
    ...fieldsOf(row),
    uid: row.uid,
    email: row.email,
    savedAt: row.savedAt?.toISOString() ?? null,
    isAdmin: row.isAdmin,
    photoUrl: photoUrlOf(row),
  };
}

/**
 * What other members may see of a profile (the directory). Street address, phone, email, ZIP code and
 * isAdmin never leave the server through this projection; see PUBLIC_PROFILE_FIELDS.
 */
export function toPublicProfile(row: ProfileRow): PublicProfile {
  const fields = fieldsOf(row);
  const picked = Object.fromEntries(PUBLIC_PROFILE_FIELDS.map((k) => [k, fields[k]])) as Pick<
    StoredProfileFields,
    (typeof PUBLIC_PROFILE_FIELDS)[number]
  >;
  return { ...picked, uid: row.uid, photoUrl: photoUrlOf(row), savedAt: row.savedAt?.toISOString() ?? null };
}

/** The member's row; made here if an old account has none (new accounts get it at sign-up). */
async function ensureRow(deps: Deps, who: SessionUser): Promise<ProfileRow> {
  const { db } = deps.database;
  const read = () => db.select().from(profile).where(eq(profile.uid, who.id));
  let [row] = await read();
  if (!row) {
    // The profile row is made with the account; this only repairs an account made before that hook. A
    // read first: the insert is a write, and the profile is read on every visit to the page.
    await db.insert(profile).values({ uid: who.id, email: who.email.toLowerCase() }).onConflictDoNothing();
    [row] = await read();
  }
  if (!row) throw new AppError('NOT_FOUND', /*i18n*/ 'This account no longer exists.');
  return row;
}

export async function getOwnProfile(deps: Deps, { who }: { who: SessionUser }): Promise<OwnProfile> {
  return toOwnProfile(await ensureRow(deps, who));
}

/**
 * Merge-writes the member's profile (product.md §11.1, "Merge-write"): fields present in
 * `changes` replace the stored ones, absent fields keep their value, unknown fields are ignored. The merged
 * profile must be valid as a whole (first name, last name, phone and state are required), else nothing is
 * saved. uid and email come from the session; savedAt from the clock.
 */
export async function saveProfile(
  deps: Deps,
  { who, changes }: { who: SessionUser; changes: Record<string, unknown> },
): Promise<OwnProfile> {
  await ensureRow(deps, who);
  const saved = await deps.database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(profile).where(eq(profile.uid, who.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', /*i18n*/ 'This account no longer exists.');
    const merged: Record<string, unknown> = fieldsOf(current);
    for (const key of PROFILE_FIELDS) {
      if (changes[key] !== undefined) merged[key] = changes[key];
    }
    const data = parseWith(profileSchema, merged);
    const [row] = await tx
      .update(profile)
      .set({ ...data, email: who.email.toLowerCase(), savedAt: deps.clock.now() })
      .where(eq(profile.uid, who.id))
      .returning();
    await deps.live.publish(tx, { topic: USERS_TOPIC, kind: 'updated', id: who.id });
    return row!;
  });
  deps.logger.info('profile saved', { uid: who.id });
  return toOwnProfile(saved);
}

/** Re-encodes the photo (see processPhoto), replaces the member's previous one and moves its version on. */
export async function savePhoto(
  deps: Deps,
  { who, data, crop }: { who: SessionUser; data: Buffer; crop?: PhotoCrop | undefined },
): Promise<{ photoUrl: string }> {
  const jpeg = await processPhoto(data, crop);
  await ensureRow(deps, who);
  await deps.storage.put(photoKey(who.id), jpeg, 'image/jpeg');
  const row = await deps.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profile)
      .set({ photoVersion: sql`coalesce(${profile.photoVersion}, 0) + 1` })
      .where(eq(profile.uid, who.id))
      .returning({ uid: profile.uid, photoVersion: profile.photoVersion });
    if (!updated) throw new AppError('NOT_FOUND', /*i18n*/ 'This account no longer exists.');
    await deps.live.publish(tx, { topic: USERS_TOPIC, kind: 'updated', id: who.id });
    return updated;
  });
  deps.logger.info('profile photo saved', { uid: who.id, version: row.photoVersion, bytes: jpeg.length });
  return { photoUrl: photoUrlOf(row)! };
}

/** Back to the blank picture. */
export async function removePhoto(deps: Deps, { who }: { who: SessionUser }): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await tx.update(profile).set({ photoVersion: null }).where(eq(profile.uid, who.id));
    await deps.live.publish(tx, { topic: USERS_TOPIC, kind: 'updated', id: who.id });
  });
  await deps.storage.delete(photoKey(who.id));
  deps.logger.info('profile photo removed', { uid: who.id });
}

export type StoredPhoto = { data: Buffer; version: number };

/**
 * A member's current photo, for a viewer who may see it: anyone signed in when the member is listed (as the
 * directory shows them), otherwise only the member and admins (`actsAsAdmin`, asked only then). Undefined when
 * there is none or the viewer may not see it, so both answer the same 404.
 */
export async function readPhoto(
  deps: Deps,
  { uid, viewer, actsAsAdmin }: { uid: string; viewer: SessionUser; actsAsAdmin: () => Promise<boolean> },
): Promise<StoredPhoto | undefined> {
  const [row] = await deps.database.db
    .select({ photoVersion: profile.photoVersion, isListed: sql<boolean>`coalesce(${isListed}, false)` })
    .from(profile)
    .where(eq(profile.uid, uid));
  if (row?.photoVersion == null) return undefined;
  if (!row.isListed && viewer.id !== uid && !(await actsAsAdmin())) return undefined;
  const file = await deps.storage.get(photoKey(uid));
  return file ? { data: file.data, version: row.photoVersion } : undefined;
}
