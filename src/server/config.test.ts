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
      SESSION_SECRET: 'x'.repeat(40),
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
