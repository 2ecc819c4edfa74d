import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../db/client';

/**
 * Why a backup or a restore cannot go on, in words for the person at the command line (or in the server's
 * log, for a scheduled backup). Nothing has been changed when one is thrown.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The kind of archive `npm run backup` writes; a restore refuses any other. */
export const ARCHIVE_FORMAT = 'foster-network-backup';
/** Raised when the archive's layout changes; a restore reads this version and no newer one. */
export const ARCHIVE_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
/** PostgreSQL's dump: one SQL file. */
export const POSTGRES_ENTRY = 'database/postgres.sql';
/** The embedded database's data folder, one entry per file. */
export const PGLITE_PREFIX = 'database/pglite/';
export const FILES_PREFIX = 'files/';

/** The storage's key rule (src/server/storage/storage.ts checks it again on every put). */
const storageKey = z
  .string()
  .max(1024)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/)
  .refine((key) => !key.includes('..'));
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const size = z.number().int().min(0);
const count = z.number().int().min(0);

/** What the archive's database holds, read in the same snapshot as the dump itself. */
export const databaseInfoSchema = z.object({
  kind: z.enum(['pglite', 'postgres']),
  /** PostgreSQL's version of the database that was dumped (PGlite runs its own). */
  serverVersion: z.string().max(200),
  /** The newest migration applied (its tag in migrations/meta/_journal.json), and how many were. */
  migration: z.object({ tag: z.string().max(200).nullable(), applied: count }),
  /** Rows of the main tables, checked again after a restore; a table the database did not have is absent. */
  counts: z.object({
    members: count.optional(),
    profiles: count.optional(),
    posts: count.optional(),
    responses: count.optional(),
    mailItems: count.optional(),
    /** Mail not sent yet at the backup (PENDING, PROCESSING or RETRY): a restore holds it (decision 023). */
    mailWaiting: count.optional(),
  }),
});
export type DatabaseInfo = z.infer<typeof databaseInfoSchema>;

/** A path inside the embedded database's folder: plain names, no way out of it. */
const folderPath = z
  .string()
  .max(1024)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/)
  .refine((p) => !p.split('/').includes('..'));

/** One part of the archive: its entry's name, size and SHA-256. */
const part = z.object({ name: z.string().max(2048), size, sha256 });

export const manifestSchema = z
  .object({
    format: z.literal(ARCHIVE_FORMAT),
    version: z.number().int().min(1),
    createdAt: z.iso.datetime(),
    database: databaseInfoSchema.extend({
      /** PostgreSQL: its SQL dump. PGlite: every file of its data folder, under database/pglite/. */
      parts: z.array(part).min(1),
      /** PGlite: every folder of its data folder, the empty ones too (PostgreSQL needs them). */
      folders: z.array(folderPath).default([]),
    }),
    files: z.array(z.object({ key: storageKey, size, sha256, contentType: z.string().min(1).max(200) })),
  })
  .superRefine((m, ctx) => {
    const fits =
      m.database.kind === 'postgres'
        ? m.database.parts.length === 1 && m.database.parts[0]!.name === POSTGRES_ENTRY
        : m.database.parts.every(
            (p) => p.name.startsWith(PGLITE_PREFIX) && folderPath.safeParse(p.name.slice(PGLITE_PREFIX.length)).success,
          );
    if (!fits) ctx.addIssue({ code: 'custom', path: ['database', 'parts'], message: `not the parts of a ${m.database.kind} database` });
  });
export type Manifest = z.infer<typeof manifestSchema>;

/** The checked-in migrations' tags, oldest first. */
export function knownMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** How many members, posts… in words, for the command line's summaries. */
export function describeCounts(counts: DatabaseInfo['counts'], files?: number): string {
  const parts: string[] = [];
  const add = (n: number | undefined, one: string, many: string) => {
    if (n !== undefined) parts.push(`${n.toLocaleString('en-US')} ${n === 1 ? one : many}`);
  };
  add(counts.members, 'member', 'members');
  add(counts.posts, 'post', 'posts');
  add(counts.responses, 'response', 'responses');
  add(counts.mailItems, 'mail item', 'mail items');
  add(files, 'stored file', 'stored files');
  return parts.join(', ');
}
