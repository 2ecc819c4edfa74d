import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { BucketConfig } from '../storage/bucket-url';
import { createS3Storage, type S3StorageOptions } from '../storage/s3';
import { useShared } from './shared';

/**
 * The credentials s3rver knows. It refuses any other access key id, but does not verify version 4
 * signatures (it has no code for them): signing is the AWS SDK's, and these tests do not check it.
 */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The environment that gives a child process (or the AWS SDK's default chain) those credentials. */
export const S3RVER_ENV = {
  AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
} as const;

let bucketCounter = 0;

/**
 * A real S3 server on loopback (s3rver, decision 021) in a child process with its own temporary folder,
 * on a port it chose itself. It runs in a process of its own because it cuts its listing pages'
 * continuation tokens with DES, which OpenSSL 3 only offers with Node's legacy provider: that option is
 * given to s3rver's process alone, never to the tests' or the app's.
 */
export async function startS3Server() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-s3-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', bin, '--directory', dir, '--address', '127.0.0.1', '--port', '0', '--silent', '--no-vhost-buckets'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within 15 s:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/S3rver listening on [\d.]+:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}) before listening:\n${output}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // The test's own view of the server, to make buckets and to look at objects behind the storage's back.
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  const bucketConfig = (name: string, prefix = ''): BucketConfig => ({ name, endpoint, region: 'us-east-1', forcePathStyle: true, prefix });

  return {
    endpoint,
    client,
    /** A new empty bucket: each test (or file) gets its own, so none sees another's objects. */
    async createBucket(prefix = 'test') {
      const name = `${prefix}-${process.pid}-${++bucketCounter}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    /** The STORAGE_URL of a bucket on this server. */
    storageUrl(bucket: string, extra = '') {
      return `s3://${bucket}?endpoint=${endpoint}&forcePathStyle=true${extra}`;
    },
    bucketConfig,
    /** The app's S3 storage on a bucket of this server (under a prefix, when given). */
    storage(name: string, options: S3StorageOptions & { prefix?: string } = {}) {
      return createS3Storage(bucketConfig(name, options.prefix), { credentials: S3RVER_CREDENTIALS, ...options });
    },
    async stop() {
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;

/** The test file's (or describe block's) S3 server, started before its tests and stopped after them. */
export function useS3Server(): S3Server {
  return useShared(startS3Server, (s) => s.stop());
}
