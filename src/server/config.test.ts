import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for the embedded set-up', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, smtpUrl: undefined, seedDemo: true, env: 'development' });
    expect(c.dataDir).toMatch(/data$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://x',
        ADMIN_EMAILS: 'a@b.org,nope',
        SESSION_SECRET: 'short',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'ADMIN_EMAILS', 'SESSION_SECRET']) expect(problems).toContain(name);
    }
  });

  it('never seeds demo data in production and needs a real secret and address there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*SESSION_SECRET/);
    const c = loadConfig({
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      SESSION_SECRET: randomBytes(32).toString('base64'),
      PUBLIC_URL: 'https://network.example/',
    });
    expect(c.seedDemo).toBe(false);
    expect(c.publicUrl).toBe('https://network.example');
  });

  it('reads lists and flags', () => {
    const c = loadConfig({ ADMIN_EMAILS: ' A@Example.org , b@example.org', TRUST_PROXY: 'true', SEED_DEMO: 'false' });
    expect(c.adminEmails).toEqual(['a@example.org', 'b@example.org']);
    expect(c.trustProxy).toBe(true);
    expect(c.seedDemo).toBe(false);
  });
});

describe('SESSION_SECRET in production', () => {
  const production = (secret: string) => () =>
    loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example', SESSION_SECRET: secret });
  const fileValue = (file: string) => /SESSION_SECRET=(\S+)/.exec(fs.readFileSync(path.resolve(file), 'utf8'))![1]!;

  it('refuses the placeholders written in our own files, saying how to make one', () => {
    const placeholders = [
      fileValue('docs/deployment.md'),
      fileValue('.env.example'),
      'change-me-to-64-hex-characters-from-openssl-rand-hex-32-0000000',
    ];
    for (const secret of placeholders) {
      expect(secret.length, secret).toBeGreaterThanOrEqual(32);
      expect(production(secret), secret).toThrow(/SESSION_SECRET: .*openssl rand -base64 32/);
      // Development takes them: they are there to be copied.
      expect(loadConfig({ SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    }
  });

  it('refuses secrets too easy to guess, and takes what openssl rand makes', () => {
    for (const secret of [
      'x'.repeat(40),
      'ab'.repeat(20),
      '0123456789'.repeat(4),
      'password'.repeat(4),
      'aaaabbbbccccddddeeeeffffgggghhhh',
    ]) {
      expect(production(secret), secret).toThrow(/SESSION_SECRET: .*too easy to guess.*openssl rand -base64 32/);
    }
    for (let i = 0; i < 200; i++) {
      for (const secret of [randomBytes(32).toString('base64'), randomBytes(32).toString('hex'), randomBytes(48).toString('base64url')]) {
        expect(production(secret)().sessionSecret).toBe(secret);
      }
    }
    expect(production(`${randomUUID()}-${randomUUID()}`)().env).toBe('production');
  });
});

describe('Google sign-in settings', () => {
  it('are off without a client, and use Google as the issuer by default', () => {
    expect(loadConfig({}).google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: ' ', GOOGLE_CLIENT_SECRET: '' }).google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id.apps', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id.apps',
      clientSecret: 'secret',
      issuerUrl: 'https://accounts.google.com',
    });
  });

  it('take another issuer, without its trailing slash', () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER_URL: 'http://127.0.0.1:9000/' });
    expect(c.google?.issuerUrl).toBe('http://127.0.0.1:9000');
  });

  it('need both the id and the secret, and an http(s) issuer', () => {
    for (const [env, name] of [
      [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
      [{ GOOGLE_CLIENT_SECRET: 'secret' }, 'GOOGLE_CLIENT_ID'],
      [{ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER_URL: 'ftp://issuer.example' }, 'GOOGLE_ISSUER_URL'],
      [{ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER_URL: 'not a url' }, 'GOOGLE_ISSUER_URL'],
    ] as const) {
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      try {
        loadConfig(env);
      } catch (err) {
        expect((err as ConfigError).problems.join('\n')).toContain(name);
      }
    }
  });
});

describe('scheduled backups', () => {
  it('are off without BACKUP_DIR, and keep 14 daily archives by default', () => {
    expect(loadConfig({}).backup).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '', BACKUP_KEEP: '', BACKUP_INTERVAL_HOURS: '' }).backup).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '/srv/backups' }).backup).toEqual({ dir: '/srv/backups', keep: 14, intervalHours: 24 });
    expect(loadConfig({ BACKUP_DIR: 'backups', BACKUP_KEEP: '30', BACKUP_INTERVAL_HOURS: '6' }).backup).toEqual({
      dir: path.resolve('backups'),
      keep: 30,
      intervalHours: 6,
    });
  });

  it('refuse counts that are not whole numbers in range, and a folder among the stored files', () => {
    for (const [env, name, message] of [
      [{ BACKUP_DIR: '/b', BACKUP_KEEP: '0' }, 'BACKUP_KEEP', 'whole number from 1'],
      [{ BACKUP_DIR: '/b', BACKUP_KEEP: 'many' }, 'BACKUP_KEEP', 'whole number from 1'],
      [{ BACKUP_DIR: '/b', BACKUP_INTERVAL_HOURS: '1.5' }, 'BACKUP_INTERVAL_HOURS', 'whole number of hours'],
      [{ BACKUP_DIR: '/b', BACKUP_INTERVAL_HOURS: '0' }, 'BACKUP_INTERVAL_HOURS', 'whole number of hours'],
      [{ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data/files/backups' }, 'BACKUP_DIR', 'must not be inside DATA_DIR/files'],
    ] as const) {
      try {
        loadConfig(env);
        expect.unreachable(name);
      } catch (err) {
        expect((err as ConfigError).problems.join('\n')).toMatch(new RegExp(`${name}: .*${message}`));
      }
    }
    expect(loadConfig({ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data/backups' }).backup?.dir).toBe('/srv/data/backups');
  });
});

describe('the digest job', () => {
  it('looks every 5 minutes by default (never under NODE_ENV=test), at the interval given, or never with 0', () => {
    expect(loadConfig({}).digestCheckMinutes).toBe(5);
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('base64'), PUBLIC_URL: 'https://a.example' })
        .digestCheckMinutes,
    ).toBe(5);
    expect(loadConfig({ DIGEST_CHECK_MINUTES: '' }).digestCheckMinutes).toBe(5);
    expect(loadConfig({ NODE_ENV: 'test' }).digestCheckMinutes).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', DIGEST_CHECK_MINUTES: '1' }).digestCheckMinutes).toBe(1);
    expect(loadConfig({ DIGEST_CHECK_MINUTES: '15' }).digestCheckMinutes).toBe(15);
    expect(loadConfig({ DIGEST_CHECK_MINUTES: '0' }).digestCheckMinutes).toBe(0);
    for (const value of ['-1', '2.5', 'often', '1441']) {
      try {
        loadConfig({ DIGEST_CHECK_MINUTES: value });
        expect.unreachable(value);
      } catch (err) {
        expect((err as ConfigError).problems.join('\n')).toMatch(/DIGEST_CHECK_MINUTES: must be a whole number of minutes from 0/);
      }
    }
  });
});

describe('STORAGE_URL', () => {
  const problemsOf = (value: string) => {
    try {
      loadConfig({ STORAGE_URL: value });
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('is the local folder when unset or blank', () => {
    expect(loadConfig({}).bucket).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: '  ' }).bucket).toBeUndefined();
  });

  it('names a bucket on AWS, in us-east-1 unless a region is given', () => {
    expect(loadConfig({ STORAGE_URL: 's3://network-photos' }).bucket).toEqual({
      name: 'network-photos',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: '',
    });
    expect(loadConfig({ STORAGE_URL: 's3://network-photos/?region=eu-west-2' }).bucket?.region).toBe('eu-west-2');
  });

  it('names a bucket on another S3-compatible service, with path-style addresses and a prefix', () => {
    const c = loadConfig({
      STORAGE_URL: 's3://photos.network?endpoint=https://objects.example.org:9000/&region=auto&forcePathStyle=true&prefix=site-a/files/',
    });
    expect(c.bucket).toEqual({
      name: 'photos.network',
      endpoint: 'https://objects.example.org:9000',
      region: 'auto',
      forcePathStyle: true,
      prefix: 'site-a/files/',
    });
    expect(loadConfig({ STORAGE_URL: 's3://abc?prefix=one' }).bucket?.prefix).toBe('one/');
  });

  it('refuses a malformed URL at start-up, saying what is wrong, among the other bad variables', () => {
    for (const [value, problem] of [
      ['not a url', /must be a URL of the form s3:\/\/bucket/],
      ['https://bucket.s3.amazonaws.com', /must start with s3:\/\//],
      ['s3://Bad_Bucket', /must name the bucket/],
      ['s3://ab', /must name the bucket/],
      ['s3://bucket/photos', /use prefix= for a folder/],
      ['s3://bucket:9000', /must not give a port/],
      ['s3://bucket?endpoint=ftp://host', /endpoint= must be an http/],
      ['s3://bucket?endpoint=host:9000', /endpoint= must be an http/],
      ['s3://bucket?endpoint=https://host/some/path', /endpoint= must be the service address alone/],
      ['s3://bucket?region=Europe West', /region= must be a region name/],
      ['s3://bucket?forcePathStyle=yes', /forcePathStyle= must be true or false/],
      ['s3://bucket?forcepathstyle=true', /unknown setting "forcepathstyle"/],
      ['s3://bucket?region=us-east-1&region=eu-west-1', /gives region= more than once/],
      ['s3://bucket?prefix=../up', /prefix= must be folder names/],
    ] as const) {
      expect(problemsOf(value).join('\n'), value).toMatch(problem);
      expect(
        problemsOf(value).every((p) => p.startsWith('STORAGE_URL: ')),
        value,
      ).toBe(true);
    }
    const all = (() => {
      try {
        loadConfig({ STORAGE_URL: 's3://Bad_Bucket', PORT: 'eighty' });
      } catch (err) {
        return (err as ConfigError).problems.join('\n');
      }
    })();
    expect(all).toContain('STORAGE_URL');
    expect(all).toContain('PORT');
  });

  it('refuses credentials written into it, without repeating them', () => {
    for (const value of ['s3://AKIAEXAMPLE:wJalrSecretKey@bucket', 's3://bucket?endpoint=https://AKIAEXAMPLE:wJalrSecretKey@host']) {
      const problems = problemsOf(value).join('\n');
      expect(problems, value).toMatch(/must not hold credentials: give them as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
      expect(problems).not.toContain('wJalrSecretKey');
      expect(problems).not.toContain('AKIAEXAMPLE');
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is off unless set, and a blank value is unset', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
  });

  it('refuses a token too short to guess at, or one that cannot travel in a header', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'sixteen chars or more' })).toThrow(/METRICS_TOKEN: must be printable ASCII without spaces/);
    expect(() => loadConfig({ METRICS_TOKEN: 'ünïcödé-token-0123456' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('pruning the rate limits', () => {
  it('runs every 60 minutes by default (never under NODE_ENV=test), at the interval given, or never with 0', () => {
    expect(loadConfig({}).rateLimitPruneMinutes).toBe(60);
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimitPruneMinutes).toBe(0);
    expect(loadConfig({ RATE_LIMIT_PRUNE_MINUTES: '5' }).rateLimitPruneMinutes).toBe(5);
    expect(loadConfig({ RATE_LIMIT_PRUNE_MINUTES: '0' }).rateLimitPruneMinutes).toBe(0);
    for (const value of ['-1', '2.5', 'often', '1441']) {
      try {
        loadConfig({ RATE_LIMIT_PRUNE_MINUTES: value });
        expect.unreachable(value);
      } catch (err) {
        expect((err as ConfigError).problems.join('\n')).toMatch(/RATE_LIMIT_PRUNE_MINUTES: must be a whole number of minutes from 0/);
      }
    }
  });
});
