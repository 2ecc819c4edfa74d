/** Where files go when `STORAGE_URL` names an S3-compatible bucket. Credentials are not part of it. */
export type BucketConfig = {
  /** The bucket's name. */
  name: string;
  /** The service's address (http or https, no path); undefined means AWS itself, in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Address the bucket as endpoint/bucket/key rather than bucket.endpoint/key (most self-hosted services). */
  forcePathStyle: boolean;
  /** Prepended to every key ("" or segments ending in "/"), so several sites can share one bucket. */
  prefix: string;
};

export const DEFAULT_REGION = 'us-east-1';

// S3's rules for new buckets: 3–63 characters of lower-case letters, digits, dots and hyphens, starting and
// ending with a letter or digit (https://docs.aws.amazon.com/AmazonS3/latest/userguide/bucketnamingrules.html).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{2,32}$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const PARAMS = ['endpoint', 'region', 'forcePathStyle', 'prefix'] as const;

export const STORAGE_URL_FORM = 's3://bucket?endpoint=https://host&region=us-east-1&forcePathStyle=true&prefix=site/';

/**
 * Reads `STORAGE_URL`. Every problem is described without repeating the value, which might carry a
 * secret someone pasted into it by mistake.
 */
export function parseStorageUrl(value: string): { bucket: BucketConfig } | { problems: string[] } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problems: [`must be a URL of the form ${STORAGE_URL_FORM}`] };
  }
  if (url.protocol !== 's3:') return { problems: [`must start with s3:// (the form is ${STORAGE_URL_FORM})`] };
  const problems: string[] = [];
  if (url.username || url.password) {
    problems.push('must not hold credentials: give them as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or any way the AWS SDK reads)');
  }
  const name = url.hostname;
  if (!BUCKET_NAME.test(name) || name.includes('..')) {
    problems.push('must name the bucket after s3:// (3 to 63 lower-case letters, digits, dots or hyphens)');
  }
  if (url.port) problems.push('must not give a port after the bucket: put the service address in endpoint=');
  if (url.pathname !== '' && url.pathname !== '/')
    problems.push('must not have a path after the bucket: use prefix= for a folder inside it');
  if (url.hash) problems.push('must not have a #fragment');

  const params = url.searchParams;
  for (const key of new Set(params.keys())) {
    if (!(PARAMS as readonly string[]).includes(key)) problems.push(`has an unknown setting "${key}" (known: ${PARAMS.join(', ')})`);
    else if (params.getAll(key).length > 1) problems.push(`gives ${key}= more than once`);
  }

  let endpoint: string | undefined;
  const endpointParam = params.get('endpoint');
  if (endpointParam !== null) {
    const parsed = URL.canParse(endpointParam) ? new URL(endpointParam) : undefined;
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      problems.push('endpoint= must be an http:// or https:// address');
    } else if (parsed.username || parsed.password) {
      problems.push('endpoint= must not hold credentials: give them as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    } else if ((parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search || parsed.hash) {
      problems.push('endpoint= must be the service address alone (scheme, host and port), with no path or query');
    } else {
      endpoint = parsed.origin;
    }
  }

  const region = params.get('region') ?? DEFAULT_REGION;
  if (!REGION.test(region)) problems.push('region= must be a region name such as us-east-1');

  const style = params.get('forcePathStyle') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(style)) problems.push('forcePathStyle= must be true or false');

  let prefix = params.get('prefix') ?? '';
  prefix = prefix.replace(/\/+$/, '');
  if (prefix && !prefix.split('/').every((s) => PREFIX_SEGMENT.test(s))) {
    problems.push('prefix= must be folder names of letters, digits, dots, hyphens or underscores, separated by /');
  }

  if (problems.length) return { problems };
  return { bucket: { name, endpoint, region, forcePathStyle: style === 'true' || style === '1', prefix: prefix ? `${prefix}/` : '' } };
}

/** The bucket as people read it in logs and messages (no credentials: STORAGE_URL holds none). */
export function describeBucket(bucket: BucketConfig) {
  return `s3://${bucket.name}/${bucket.prefix}${bucket.endpoint ? ` at ${bucket.endpoint}` : ` in ${bucket.region}`}`;
}
