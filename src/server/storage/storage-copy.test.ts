import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLock } from '../db/lock';
import { lockPath } from '../db/client';
import { freePort } from '../testing/free-port';
import { S3RVER_ENV, useS3Server } from '../testing/s3-server';
import { createLocalStorage } from './storage';

// `npm run storage:copy` as an operator runs it: a child process with the site's environment, copying the
// folder DATA_DIR/files into the bucket of STORAGE_URL on a real S3 server, while the embedded database's
// lock is held as a running site holds it.

const s3 = useS3Server();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-copy-'));
const folder = path.join(dataDir, 'files');
let releaseLock: () => void;
beforeAll(() => {
  releaseLock = acquireLock(lockPath(dataDir));
});
afterAll(() => {
  releaseLock();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the script; `killWhen` sees its output so far and may ask for it to be killed (an interruption). */
function copy(env: Record<string, string>, killWhen?: (stdout: string) => boolean): Promise<Run> {
  const script = path.resolve('scripts/storage-copy.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...S3RVER_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (killWhen?.(stdout) && child.exitCode === null) child.kill('SIGKILL');
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

const summary = (run: Run) => {
  const m = run.stdout.match(/copied ([\d,]+) files? \([\d.]+ MB\), skipped ([\d,]+) files? already in the bucket, ([\d,]+) files? failed/);
  if (!m) throw new Error(`no summary in:\n${run.stdout}\n${run.stderr}`);
  return { copied: Number(m[1]), skipped: Number(m[2]), failed: Number(m[3]) };
};

describe('npm run storage:copy', () => {
  const FILES = 240;
  let bucket = '';
  const expected = new Map<string, { data: Buffer; type: string }>();

  beforeAll(async () => {
    bucket = await s3.createBucket('copy');
    const local = createLocalStorage(folder);
    for (let i = 0; i < FILES; i++) {
      const key = i % 40 === 0 ? `resources/guide-${i}.pdf` : `photos/member-${i}.jpg`;
      const type = key.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg';
      const data = randomBytes(2_000 + ((i * 7919) % 20_000));
      await local.put(key, data, type);
      expected.set(key, { data, type });
    }
    // What a running site leaves about: a file being written (renamed into place when whole).
    fs.writeFileSync(path.join(folder, 'photos', 'member-1.jpg.4242.1700000000000.tmp'), 'half a photo');
  });

  async function bucketHolds() {
    const held = new Map<string, { data: Buffer; type: string | undefined }>();
    for await (const { key } of s3.storage(bucket).list()) {
      const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      held.set(key, { data: Buffer.from(await object.Body!.transformToByteArray()), type: object.ContentType });
    }
    return held;
  }

  it('copies every file with its content type, finishes after an interruption, then copies nothing more and says what the folder lacks', async () => {
    const env = { STORAGE_URL: s3.storageUrl(bucket) };
    // Interrupted (killed, as a lost terminal would) once a tenth of the files are done.
    const first = await copy(env, (out) => /\b[1-9]0%\s+copied/.test(out));
    expect(first.code).not.toBe(0);
    const partial = await bucketHolds();
    expect(partial.size).toBeGreaterThan(0);
    expect(partial.size).toBeLessThan(FILES);
    // A copy cut short the way no PutObject leaves one (S3 keeps a put whole or not at all), but another
    // tool might have: the same name at another size is copied again.
    const [staleKey] = [...expected.keys()].filter((k) => !partial.has(k));
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: staleKey, Body: Buffer.from('stale'), ContentType: 'image/jpeg' }));

    const second = await copy(env);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/copied 0\/240[\s\S]*100%\s+copied 240\/240/);
    // What the interrupted run left whole is skipped; anything else is copied. The tests' S3 server may keep a
    // put whose client was killed mid-body, cut short (a CI run once had one): that one is copied again too.
    const whole = [...partial].filter(([key, held]) => held.data.equals(expected.get(key)!.data)).length;
    expect(summary(second)).toEqual({ copied: FILES - whole, skipped: whole, failed: 0 });

    const held = await bucketHolds();
    expect([...held.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, { data, type }] of expected) {
      expect(held.get(key)!.data.equals(data), key).toBe(true);
      expect(held.get(key)!.type, key).toBe(type);
    }

    expect(second.stdout).not.toContain('The bucket also holds');

    // A photo removed from the site since: the copy leaves it in the bucket, and says so.
    const removed = [...expected.keys()].find((k) => k.startsWith('photos/'))!;
    await createLocalStorage(folder).delete(removed);
    expected.delete(removed);
    const third = await copy(env);
    expect(third.code).toBe(0);
    expect(summary(third)).toEqual({ copied: 0, skipped: FILES - 1, failed: 0 });
    expect(third.stdout).toContain('The bucket also holds 1 file the folder does not');
  });

  it('stops with a clear message, having copied nothing, when there is no bucket to copy to', async () => {
    const closedPort = await freePort();
    const [unset, missing, unreachable, malformed] = await Promise.all([
      copy({ STORAGE_URL: '' }),
      copy({ STORAGE_URL: s3.storageUrl('no-such-bucket') }),
      copy({ STORAGE_URL: `s3://${bucket}?endpoint=http://127.0.0.1:${closedPort}&forcePathStyle=true` }),
      copy({ STORAGE_URL: 's3://Not_A_Bucket' }),
    ]);
    for (const run of [unset, missing, unreachable, malformed]) {
      expect(run.code).toBe(1);
      expect(run.stderr).not.toContain(S3RVER_ENV.AWS_SECRET_ACCESS_KEY);
    }
    expect(unset.stderr).toMatch(/^STORAGE_URL is not set, so there is no bucket to copy to/);
    expect(missing.stderr).toMatch(
      /The bucket s3:\/\/no-such-bucket\/ at http:\/\/127\.0\.0\.1:\d+ does not exist[\s\S]*Nothing was copied/,
    );
    expect(unreachable.stderr).toMatch(/could not be reached: ECONNREFUSED[\s\S]*Nothing was copied/);
    expect(malformed.stderr).toMatch(/Invalid configuration:\n {2}- STORAGE_URL: must name the bucket/);
  });
});
