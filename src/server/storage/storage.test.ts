import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { S3RVER_CREDENTIALS, useS3Server } from '../testing/s3-server';
import { createS3Storage } from './s3';
import { createLocalStorage, StorageUnavailableError, type FileStorage } from './storage';

// One behaviour, every implementation: the folder the embedded site uses, and a bucket on a real S3 server
// (s3rver in a child process), bare and under a key prefix. Each test gets a storage of its own.

const s3 = useS3Server();
const folders: string[] = [];
afterAll(() => {
  for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
});

type Variant = { name: string; open: () => Promise<FileStorage & { close?: () => void }> };

const VARIANTS: Variant[] = [
  {
    name: 'the local folder',
    async open() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-storage-'));
      folders.push(root);
      return createLocalStorage(path.join(root, 'files'));
    },
  },
  {
    // Two objects a page, so listing crosses ListObjectsV2 pages.
    name: 'an S3 bucket',
    open: async () => s3.storage(await s3.createBucket(), { pageSize: 2 }),
  },
  {
    name: 'an S3 bucket under a prefix',
    open: async () => s3.storage(await s3.createBucket(), { pageSize: 2, prefix: 'site-a/files/' }),
  },
];

const UNSAFE_KEYS = ['', '../escape', 'a/../../b', '/absolute', 'a//b', 'a/', '.hidden', 'a b', 'a\\b', 'photos/..', 'ümlaut', 'a?b'];

describe.each(VARIANTS)('file storage: $name', ({ open }) => {
  let storage: FileStorage & { close?: () => void };
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(() => storage.close?.());

  const listed = async () => {
    const all: { key: string; size: number }[] = [];
    for await (const item of storage.list()) all.push(item);
    return all.sort((a, b) => a.key.localeCompare(b.key));
  };

  it('gives back what was put, with its content type', async () => {
    await storage.put('photos/one.jpg', Buffer.from('first photo'), 'image/jpeg');
    await storage.put('resources/guide.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(await storage.get('photos/one.jpg')).toEqual({ data: Buffer.from('first photo'), contentType: 'image/jpeg' });
    expect(await storage.get('resources/guide.pdf')).toEqual({ data: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' });
    expect(await storage.exists('photos/one.jpg')).toBe(true);
  });

  it('keeps binary data byte for byte: every byte value, an empty file, a megabyte of noise', async () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const noise = randomBytes(1024 * 1024);
    await storage.put('bin/every-byte', everyByte, 'application/octet-stream');
    await storage.put('bin/empty', Buffer.alloc(0), 'application/octet-stream');
    await storage.put('bin/noise', noise, 'application/octet-stream');
    expect((await storage.get('bin/every-byte'))!.data.equals(everyByte)).toBe(true);
    expect((await storage.get('bin/empty'))!.data.length).toBe(0);
    expect(await storage.exists('bin/empty')).toBe(true);
    expect((await storage.get('bin/noise'))!.data.equals(noise)).toBe(true);
  });

  it('replaces a file and its content type when put again under the same key', async () => {
    await storage.put('photos/two.jpg', Buffer.from('old and longer'), 'image/jpeg');
    await storage.put('photos/two.jpg', Buffer.from('new'), 'image/png');
    expect(await storage.get('photos/two.jpg')).toEqual({ data: Buffer.from('new'), contentType: 'image/png' });
    expect(await listed()).toEqual([{ key: 'photos/two.jpg', size: 3 }]);
  });

  it('deletes, and deleting what is not there is no error', async () => {
    await storage.put('photos/three.jpg', Buffer.from('x'), 'image/jpeg');
    await storage.put('photos/stays.jpg', Buffer.from('y'), 'image/jpeg');
    await storage.delete('photos/three.jpg');
    expect(await storage.get('photos/three.jpg')).toBeUndefined();
    expect(await storage.exists('photos/three.jpg')).toBe(false);
    await expect(storage.delete('photos/three.jpg')).resolves.toBeUndefined();
    await expect(storage.delete('never/was.jpg')).resolves.toBeUndefined();
    expect(await storage.exists('photos/stays.jpg')).toBe(true);
  });

  it('answers a missing key with nothing, not an error', async () => {
    expect(await storage.get('photos/missing.jpg')).toBeUndefined();
    expect(await storage.exists('photos/missing.jpg')).toBe(false);
    expect(await storage.get('no-folder/at/all')).toBeUndefined();
  });

  it('lists every file with its size, across pages, and nothing when empty', async () => {
    expect(await listed()).toEqual([]);
    const files = ['a.jpg', 'photos/b.jpg', 'photos/c.jpg', 'photos/d.jpg', 'deep/er/e.txt'];
    for (const [i, key] of files.entries()) await storage.put(key, Buffer.alloc(i * 10, i), 'text/plain');
    expect(await listed()).toEqual(files.map((key, i) => ({ key, size: i * 10 })).sort((a, b) => a.key.localeCompare(b.key)));
  });

  it('refuses unsafe keys before touching anything', async () => {
    for (const key of UNSAFE_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.exists(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
    }
    expect(await listed()).toEqual([]);
  });

  it('says it can be written to', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('an S3 bucket', () => {
  it('under a prefix sees only its own objects, and keeps them under the prefix', async () => {
    const bucket = await s3.createBucket();
    const storage = s3.storage(bucket, { prefix: 'site-a/', pageSize: 2 });
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'site-b/photos/x.jpg', Body: Buffer.from('other site') }));
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'photos/x.jpg', Body: Buffer.from('no prefix') }));
    await storage.put('photos/x.jpg', Buffer.from('ours'), 'image/jpeg');

    expect((await storage.get('photos/x.jpg'))!.data.toString()).toBe('ours');
    const raw = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: 'site-a/photos/x.jpg' }));
    expect(raw.ContentType).toBe('image/jpeg');
    expect(await raw.Body!.transformToString()).toBe('ours');
    const keys: string[] = [];
    for await (const { key } of storage.list()) keys.push(key);
    expect(keys).toEqual(['photos/x.jpg']);
    storage.close();
  });

  it('leaves out of its list objects put there under names it would refuse', async () => {
    const bucket = await s3.createBucket();
    const storage = s3.storage(bucket);
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'odd name with spaces.jpg', Body: Buffer.from('x') }));
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'fine.jpg', Body: Buffer.from('x') }));
    const keys: string[] = [];
    for await (const { key } of storage.list()) keys.push(key);
    expect(keys).toEqual(['fine.jpg']);
    storage.close();
  });

  it('says plainly when the bucket does not exist, refuses the credentials, or does not answer', async () => {
    const missing = s3.storage('no-such-bucket');
    await expect(missing.check()).rejects.toThrow(StorageUnavailableError);
    await expect(missing.check()).rejects.toThrow(/The bucket s3:\/\/no-such-bucket\/ at http:\/\/127\.0\.0\.1:\d+ does not exist/);

    const bucket = await s3.createBucket();
    const refused = s3.storage(bucket, { credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'a-secret-never-shown' } });
    const problem = await refused.check().then(
      () => '',
      (err: Error) => err.message,
    );
    expect(problem).toMatch(/refused our credentials \(403\)/);
    expect(problem).not.toContain('a-secret-never-shown');

    // A port nothing listens on: the connection is refused at once.
    const port = await freePort();
    const unreachable = createS3Storage(
      { name: bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, prefix: '' },
      { credentials: S3RVER_CREDENTIALS, maxAttempts: 1 },
    );
    await expect(unreachable.check()).rejects.toThrow(/could not be reached: ECONNREFUSED/);
    for (const s of [missing, refused, unreachable]) s.close();
  });
});
