// npm run storage:copy
// Copies every file of the local folder (DATA_DIR/files) into the bucket that STORAGE_URL names, with the
// same environment as the server (decision 021). A file the bucket already holds at the same size is
// skipped, so running it again after an interruption finishes the job. It reads the folder and never opens
// the database, so it runs while the site does: run it once with the site up, then once more after the
// instances are stopped (only what changed meanwhile is copied), then start them with STORAGE_URL set.
import path from 'node:path';
import fs from 'node:fs';
import { STORAGE_URL_FORM } from '../src/server/storage/bucket-url';
import { createS3Storage } from '../src/server/storage/s3';
import { createLocalStorage, StorageUnavailableError } from '../src/server/storage/storage';
import { errorMessage } from '../src/server/logger';
import { progress } from './progress';
import { configOrFail, fail } from './cli';

/** Files copied at once: S3 answers each in tens of milliseconds, so a few in flight keep it busy. */
const CONCURRENCY = 8;
/** A bucket that fails this many files in a row has stopped answering: stop rather than fail every file. */
const FAILURES_IN_A_ROW = 20;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function megabytes(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main() {
  const config = configOrFail('\nSee .env.example and docs/operations.md.');
  if (!config.bucket) {
    fail(
      'STORAGE_URL is not set, so there is no bucket to copy to. Set it to the bucket, as in\n' +
        `  STORAGE_URL=${STORAGE_URL_FORM}\n` +
        "give the bucket's credentials as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, keep the site's DATA_DIR,\n" +
        'and run this again.',
    );
  }
  const folder = path.join(config.dataDir, 'files');
  if (!fs.existsSync(folder)) fail(`There is no folder ${folder} to copy from: is DATA_DIR the site's (it is ${config.dataDir})?`);

  const source = createLocalStorage(folder);
  const bucket = createS3Storage(config.bucket);
  try {
    await bucket.check();
  } catch (err) {
    if (err instanceof StorageUnavailableError) fail(`${err.message}\nNothing was copied.`);
    throw err;
  }
  process.stdout.write(`Copying the files in ${folder}\n     to the bucket ${bucket.where}\n`);

  // What the bucket holds already, in one listing (a thousand a page), rather than a question per file.
  const held = new Map<string, number>();
  try {
    for await (const { key, size } of bucket.list()) held.set(key, size);
  } catch (err) {
    fail(`Could not list what the bucket holds: ${(err as Error).message}\nNothing was copied.`);
  }
  const files: { key: string; size: number }[] = [];
  for await (const file of source.list()) files.push(file);

  const started = Date.now();
  let done = 0;
  let copied = 0;
  let copiedBytes = 0;
  let skipped = 0;
  let vanished = 0;
  let inARow = 0;
  let stoppedEarly = false;
  const failed: { key: string; message: string }[] = [];
  progress('copied', 0, files.length, started);

  const queue = files.values();
  async function worker() {
    for (const { key, size } of queue) {
      if (stoppedEarly) return;
      try {
        if (held.get(key) === size) {
          skipped++;
        } else {
          const file = await source.get(key);
          // Removed from the folder since it was listed (a member removed their photo): nothing to copy.
          if (!file) vanished++;
          else {
            await bucket.put(key, file.data, file.contentType);
            copied++;
            copiedBytes += file.data.length;
          }
        }
        inARow = 0;
      } catch (err) {
        failed.push({ key, message: (err as Error).message || (err as Error).name });
        if (++inARow >= FAILURES_IN_A_ROW) stoppedEarly = true;
      }
      progress('copied', ++done, files.length, started);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  bucket.close();

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const parts = [
    `copied ${plural(copied, 'file')} (${megabytes(copiedBytes)})`,
    `skipped ${plural(skipped, 'file')} already in the bucket`,
    `${plural(failed.length, 'file')} failed`,
  ];
  if (vanished) parts.push(`${plural(vanished, 'file')} removed from the folder while copying`);
  process.stdout.write(`\nDone in ${seconds} s: ${parts.join(', ')}.\n`);
  // The copy never deletes: what the bucket holds beyond the folder is said, for the operator to judge.
  const inFolder = new Set(files.map((f) => f.key));
  const extra = [...held.keys()].filter((key) => !inFolder.has(key)).length;
  if (extra) {
    process.stdout.write(
      `The bucket also holds ${plural(extra, 'file')} the folder does not (removed from the site since an earlier copy, or put there\n` +
        'another way); they were left as they are.\n',
    );
  }
  if (failed.length) {
    const shown = failed.slice(0, 10);
    const lines = shown.map((f) => `  ${f.key}: ${f.message}`);
    if (failed.length > shown.length) lines.push(`  …and ${plural(failed.length - shown.length, 'more')}`);
    const left = files.length - done;
    fail(
      `${stoppedEarly ? `Stopped after ${FAILURES_IN_A_ROW} failures in a row${left ? `, with ${plural(left, 'file')} not tried` : ''}: the bucket seems to have stopped answering.\n` : ''}` +
        `These files were not copied:\n${lines.join('\n')}\n` +
        'Run this again to copy them: files already in the bucket are skipped.',
    );
  }
}

main().catch((err) => fail(`The copy stopped: ${errorMessage(err)}`));
