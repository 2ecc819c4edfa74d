import type * as S3 from '@aws-sdk/client-s3';
import { describeBucket, type BucketConfig } from './bucket-url';
import { checkKey, isSafeKey, StorageUnavailableError, type FileStorage } from './storage';

type Sdk = typeof S3;
type S3Client = S3.S3Client;

export type S3StorageOptions = {
  /**
   * Tests only: credentials given directly. Without them the AWS SDK finds its own, as it always does
   * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, ~/.aws, the machine's role on AWS).
   */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Objects per ListObjectsV2 page (S3 answers at most 1,000): tests make it small to cross pages. */
  pageSize?: number;
  /** Attempts per request, the first included (the SDK's default is 3). */
  maxAttempts?: number;
};

// The SDK warns once per process that versions published from January 2027 need Node 22. That warning is
// a plain-text line among the JSON log lines, and says nothing an operator can act on: the lock file pins a
// version that runs on Node 20, and npm picks releases whose `engines` this Node meets (decision 021).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * Files in an S3-compatible bucket through the AWS SDK v3. The SDK is loaded on first use, so an
 * installation on the local folder never loads it (~0.1 s and up to ~26 MB resident: decision 021).
 */
export function createS3Storage(bucket: BucketConfig, options: S3StorageOptions = {}): FileStorage & { close(): void } {
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  let client: S3Client | undefined;
  const open = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => {
      client = new sdk.S3Client({
        region: bucket.region,
        endpoint: bucket.endpoint,
        forcePathStyle: bucket.forcePathStyle,
        credentials: options.credentials,
        maxAttempts: options.maxAttempts,
        // A bucket that stops answering fails the request instead of holding it (and its member) forever.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
      });
      return { sdk, client };
    }));
  const Bucket = bucket.name;
  /**
   * A bucket out of reach (no answer, a timeout, a 5xx after the SDK's retries) is not our bug: it becomes
   * StorageUnavailableError, which the app answers 503 with Retry-After. Other errors pass as they are.
   */
  const unavailable = (err: unknown): never => {
    const status = statusOf(err);
    if (status === undefined || status >= 500) throw new StorageUnavailableError(bucketProblem(bucket, err), { cause: err });
    throw err;
  };
  const objectKey = (key: string) => {
    checkKey(key);
    return `${bucket.prefix}${key}`;
  };

  return {
    where: describeBucket(bucket),
    async put(key, data, contentType) {
      const Key = objectKey(key);
      const { sdk, client } = await open();
      await client
        .send(new sdk.PutObjectCommand({ Bucket, Key, Body: data, ContentType: contentType, ContentLength: data.length }))
        .catch(unavailable);
    },
    async get(key) {
      const Key = objectKey(key);
      const { sdk, client } = await open();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        const bytes = res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
        return {
          data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: res.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        // Only a missing key is "no such file"; a missing bucket is a fault to report.
        if (err instanceof sdk.NoSuchKey) return undefined;
        return unavailable(err);
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { sdk, client } = await open();
      // S3 answers a delete of a missing key with success, as the folder's delete does.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key })).catch(unavailable);
    },
    async exists(key) {
      const Key = objectKey(key);
      const { sdk, client } = await open();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (err) {
        // A HEAD answer has no body, so a 404 is all S3 says of a missing key.
        if (err instanceof sdk.NotFound || statusOf(err) === 404) return false;
        return unavailable(err);
      }
    },
    async *list() {
      const { sdk, client } = await open();
      const pages = sdk.paginateListObjectsV2({ client, pageSize: options.pageSize }, { Bucket, Prefix: bucket.prefix || undefined });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(bucket.prefix.length);
          // Objects put there by other means than this storage, under names it would refuse, are not ours.
          if (!key || !isSafeKey(key)) continue;
          yield { key, size: object.Size ?? 0 };
        }
      }
    },
    async check() {
      let sdk: Sdk;
      let client: S3Client;
      try {
        ({ sdk, client } = await open());
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw new StorageUnavailableError(bucketProblem(bucket, err));
      }
    },
    close() {
      client?.destroy();
    },
  };
}

function statusOf(err: unknown): number | undefined {
  return (err as Partial<S3.S3ServiceException>).$metadata?.httpStatusCode;
}

/** Why the bucket cannot be used, in words an operator can act on (nothing secret: the SDK's errors hold none). */
function bucketProblem(bucket: BucketConfig, err: unknown): string {
  const where = describeBucket(bucket);
  const e = err as Error & { code?: string };
  if (e.name === 'CredentialsProviderError') {
    return `No credentials for the bucket ${where}: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or another source the AWS SDK reads).`;
  }
  const status = statusOf(err);
  if (status === 404) return `The bucket ${where} does not exist: create it, or correct STORAGE_URL.`;
  if (status === 401 || status === 403) {
    return `The bucket ${where} refused our credentials (${status}): check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and what they may do.`;
  }
  if (status === 301 || status === 400) return `The bucket ${where} answered ${status}: is region= right for it?`;
  if (status) return `The bucket ${where} answered ${status} (${e.name}).`;
  return `The bucket ${where} could not be reached: ${e.code ?? e.name}${e.message ? ` (${e.message})` : ''}.`;
}
