import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl, type BucketConfig } from './storage/bucket-url';

const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' })));

const boolFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1');

const DEV_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
const MAKE_A_SECRET = 'make one with `openssl rand -base64 32`';
/**
 * Secrets written in our own files (docs/deployment.md, now and before; .env.example's is DEV_SECRET): anyone can
 * read them, so production refuses them whatever their length.
 */
const PLACEHOLDER_SECRETS = new Set([
  DEV_SECRET,
  'change-me-to-64-hex-characters-from-openssl-rand-hex-32-0000000',
  'replace-with-the-output-of-openssl-rand-base64-32',
]);

/**
 * Whether a secret of 32 characters or more is too regular to be random: fewer than 10 distinct characters, under
 * 96 bits by a Shannon estimate (length × the entropy of its characters' frequencies), one piece repeated, or
 * mostly runs (abcd, 1234). What `openssl rand -base64 32` (about 220 bits by this estimate) or `-hex 32` (about
 * 245) makes always passes (none refused in 200,000 tries of each). It cannot prove a secret random, only catch
 * the obvious.
 */
export function isGuessableSecret(secret: string): boolean {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const n of counts.values()) bitsPerChar -= (n / chars.length) * Math.log2(n / chars.length);
  let runs = 0;
  for (let i = 1; i < chars.length; i++) if (Math.abs(chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!) <= 1) runs++;
  return counts.size < 10 || bitsPerChar * chars.length < 96 || /^(.+?)\1+$/s.test(secret) || runs * 2 > chars.length;
}

/** Google's OpenID Connect issuer; its discovery document is at /.well-known/openid-configuration. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** A whole number in a range; an empty variable counts as unset. */
const wholeNumber = (error: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).optional(),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
    SMTP_URL: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
    STORAGE_URL: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return undefined;
        const parsed = parseStorageUrl(v.trim());
        if ('bucket' in parsed) return parsed.bucket;
        for (const message of parsed.problems) ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }),
    MAIL_FROM: z.string().min(3).default('Foster Care Network <no-reply@localhost>'),
    STAFF_EMAIL: z.email().default('team@localhost.test'),
    DONATE_URL: z.url({ protocol: /^https?$/ }).default('https://example.org/give'),
    ADMIN_EMAILS: emailList,
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SESSION_SECRET: z.string().min(32, `must be at least 32 characters: ${MAKE_A_SECRET}`).default(DEV_SECRET),
    TRUST_PROXY: boolFlag,
    SEED_DEMO: boolFlag,
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER_URL: z
      .string()
      .optional()
      .transform((v) => v?.trim() || GOOGLE_ISSUER)
      .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }))
      .transform((v) => v.replace(/\/+$/, '')),
    // Unset: no /metrics at all. Set: Prometheus scrapes /metrics with `Authorization: Bearer <token>`.
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .min(16, 'must be at least 16 characters (for example the output of `openssl rand -hex 32`), or unset to turn /metrics off')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an HTTP header)')
        .optional(),
    ),
    BACKUP_DIR: optionalText,
    BACKUP_KEEP: wholeNumber('must be a whole number from 1 to 10000', 1, 10_000).default(14),
    BACKUP_INTERVAL_HOURS: wholeNumber('must be a whole number of hours from 1 to 8784 (a year)', 1, 24 * 366).default(24),
    // Unset: every 5 minutes, or never under NODE_ENV=test (the tests start the job themselves).
    DIGEST_CHECK_MINUTES: wholeNumber('must be a whole number of minutes from 0 (no digests made here) to 1440 (a day)', 0, 1440),
    // Unset: every hour, or never under NODE_ENV=test (the tests prune themselves).
    RATE_LIMIT_PRUNE_MINUTES: wholeNumber('must be a whole number of minutes from 0 (never pruned here) to 1440 (a day)', 0, 1440),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET === DEV_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: `must be set in production: ${MAKE_A_SECRET}` });
    } else if (env.NODE_ENV === 'production' && PLACEHOLDER_SECRETS.has(env.SESSION_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: `is the placeholder of an example, public: ${MAKE_A_SECRET}` });
    } else if (env.NODE_ENV === 'production' && isGuessableSecret(env.SESSION_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: `is too easy to guess: ${MAKE_A_SECRET}` });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be set in production' });
    }
    // Half a Google client would show a button that can only fail.
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'must be set when GOOGLE_CLIENT_ID is' });
    }
    if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_ID'], message: 'must be set when GOOGLE_CLIENT_SECRET is' });
    }
    // Archives kept among the stored files would be backed up again, each one inside the next.
    if (env.BACKUP_DIR && isInside(path.resolve(env.BACKUP_DIR), path.resolve(env.DATA_DIR, 'files'))) {
      ctx.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message: 'must not be inside DATA_DIR/files, where the stored files are' });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** The S3-compatible bucket files live in (STORAGE_URL); undefined: the folder DATA_DIR/files. */
  bucket: BucketConfig | undefined;
  mailFrom: string;
  staffEmail: string;
  donateUrl: string;
  adminEmails: string[];
  publicUrl: string;
  sessionSecret: string;
  trustProxy: boolean;
  seedDemo: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** The built front end; default dist/ beside the sources. */
  webDistDir: string | undefined;
  /** Sign in with Google (OpenID Connect); undefined when GOOGLE_CLIENT_ID and _SECRET are not set. */
  google: GoogleConfig | undefined;
  /** The bearer token Prometheus sends to GET /metrics; undefined: no /metrics (decision 022). */
  metricsToken: string | undefined;
  /** Scheduled backups; undefined when BACKUP_DIR is not set. */
  backup: BackupConfig | undefined;
  /** How often this instance looks for digests that are due (decision 026); 0: it makes none. */
  digestCheckMinutes: number;
  /** How often this instance drops the rate limits' old windows; 0: never. */
  rateLimitPruneMinutes: number;
};

/** Scheduled backups (decision 023): an archive every `intervalHours` into `dir`, the newest `keep` kept. */
export type BackupConfig = { dir: string; keep: number; intervalHours: number };

function isInside(child: string, parent: string) {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export type GoogleConfig = { clientId: string; clientSecret: string; issuerUrl: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    bucket: e.STORAGE_URL,
    mailFrom: e.MAIL_FROM,
    staffEmail: e.STAFF_EMAIL.toLowerCase(),
    donateUrl: e.DONATE_URL,
    adminEmails: e.ADMIN_EMAILS,
    publicUrl,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    // Production never seeds demo data, whatever SEED_DEMO says.
    seedDemo: e.NODE_ENV !== 'production' && (env.SEED_DEMO === undefined ? e.NODE_ENV === 'development' : e.SEED_DEMO),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuerUrl: e.GOOGLE_ISSUER_URL }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    backup: e.BACKUP_DIR ? { dir: path.resolve(e.BACKUP_DIR), keep: e.BACKUP_KEEP, intervalHours: e.BACKUP_INTERVAL_HOURS } : undefined,
    digestCheckMinutes: e.DIGEST_CHECK_MINUTES ?? (e.NODE_ENV === 'test' ? 0 : 5),
    rateLimitPruneMinutes: e.RATE_LIMIT_PRUNE_MINUTES ?? (e.NODE_ENV === 'test' ? 0 : 60),
  };
}

/** A config for tests and scripts: defaults plus overrides, no environment read. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/unused' }), ...overrides };
}

/** Reads ./.env into process.env when it exists; variables already set win. */
export function loadDotEnv(file = '.env') {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
