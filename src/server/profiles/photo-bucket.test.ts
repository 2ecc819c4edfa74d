import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHOTO_OUTPUT_SIZE } from '../../shared/limits';
import { loadConfig } from '../config';
import { photoKey } from '../storage/storage';
import { useTestApp } from '../testing/app';
import { expectAnswer, fileBlob, getPhotoAt, signedInMember, uploadPhoto } from '../testing/factories';
import { S3RVER_ENV, useS3Server } from '../testing/s3-server';

// Profile photos on an S3 bucket (issue 15), through the whole API: a member uploads, another member sees
// it, the member removes it. The bucket is on a real S3 server; the app reads STORAGE_URL as the server
// does, and finds its credentials where the AWS SDK always looks (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).

const s3 = useS3Server();
let bucket = '';
beforeAll(async () => {
  bucket = await s3.createBucket('photos');
  for (const [name, value] of Object.entries(S3RVER_ENV)) vi.stubEnv(name, value);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const t = useTestApp(() => ({ config: { bucket: loadConfig({ STORAGE_URL: s3.storageUrl(bucket, '&prefix=site') }).bucket } }));

async function redSquare() {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#c00000' } })
    .jpeg()
    .toBuffer();
}

describe('profile photos in a bucket', () => {
  it('are stored in the bucket, not the data folder, and served back to members', async () => {
    expect(t.deps.storage.where).toMatch(new RegExp(`^s3://${bucket}/site/ at http://127\\.0\\.0\\.1:\\d+$`));
    const { c, id } = await signedInMember(t, { prefix: 'bucket-photo', profile: { agAffiliated: 'Yes' } });
    const res = await uploadPhoto(t, c, fileBlob(await redSquare()), { name: 'me.jpg' });
    expect(res.status).toBe(200);
    const { photoUrl } = (await res.json()) as { photoUrl: string };

    const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: `site/${photoKey(id)}` }));
    expect(object.ContentType).toBe('image/jpeg');
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: PHOTO_OUTPUT_SIZE, height: PHOTO_OUTPUT_SIZE });
    expect(fs.existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);

    const other = await signedInMember(t, { prefix: 'bucket-viewer' });
    const served = await getPhotoAt(other.c, photoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
  });

  it('are removed from the bucket when the member removes theirs', async () => {
    const { c, id } = await signedInMember(t, { prefix: 'bucket-remove' });
    expect((await uploadPhoto(t, c, fileBlob(await redSquare()))).status).toBe(200);
    const key = `site/${photoKey(id)}`;
    await expect(s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).resolves.toBeDefined();

    await expectAnswer(c.api.profile.photo.$delete());
    await expect(s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
    expect((await c.api.photos[':uid'].$get({ param: { uid: id }, query: {} })).status).toBe(404);
  });

  // Last: it stops the S3 server.
  it('answer 503 with Retry-After while the bucket is out of reach, never 500', async () => {
    const { c, id } = await signedInMember(t, { prefix: 'bucket-down' });
    expect((await uploadPhoto(t, c, fileBlob(await redSquare()))).status).toBe(200);
    await s3.stop();
    for (const res of [
      await c.api.photos[':uid'].$get({ param: { uid: id }, query: {} }),
      await uploadPhoto(t, c, fileBlob(await redSquare())),
    ]) {
      expect(res.status, await res.clone().text()).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(((await res.json()) as { message: string }).message).toMatch(/Photos cannot be reached right now/);
    }
  });
});
