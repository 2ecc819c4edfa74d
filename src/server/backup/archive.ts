import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, BackupError, FILES_PREFIX, MANIFEST_ENTRY, manifestSchema, type Manifest } from './manifest';

// One backup is one gzip'd tar (tar-stream, zlib): the database's dump, then every stored file under files/,
// then manifest.json, which lists each of them with its size and SHA-256. The manifest comes last, so an
// archive cut short has none and is refused; the SHA-256 of the whole archive is written beside it.

export type Progress = (phase: string, done: number, total: number) => void;

/** The sidecar `sha256sum -c` reads: `<hex>  <file name>`. */
export const checksumFile = (file: string) => `${file}.sha256`;

/** Counts and hashes what passes through. */
class Tap extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  constructor(private readonly onBytes?: (bytes: number) => void) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.onBytes?.(this.bytes);
    done(null, chunk);
  }
}

/** Writes one archive entry from its bytes, hashing them; resolves once the tar has taken them. */
async function addEntry(
  pack: tar.Pack,
  name: string,
  size: number,
  chunks: Iterable<Buffer> | AsyncIterable<Buffer | Uint8Array>,
): Promise<string> {
  const hash = createHash('sha256');
  let finished!: Promise<void>;
  const entry = await new Promise<NodeJS.WritableStream>((resolve) => {
    finished = new Promise<void>((done, fail) => {
      resolve(pack.entry({ name, size, mtime: new Date(0) }, (err) => (err ? fail(err) : done())));
    });
  });
  for await (const chunk of chunks) {
    hash.update(chunk);
    if (!entry.write(chunk)) await new Promise((r) => entry.once('drain', r));
  }
  entry.end();
  await finished;
  return hash.digest('hex');
}

export type ArchivePart = { name: string; size: number; read(): Iterable<Buffer> | AsyncIterable<Buffer | Uint8Array> };

/**
 * Writes `file` (which must not exist yet) from the parts `write` adds, then the manifest `finish` makes of
 * their checksums; written aside and renamed into place, so a half-written archive never carries the name.
 * Gives the archive's size and SHA-256, also written to `<file>.sha256`.
 */
export async function writeArchive(
  file: string,
  write: (add: (part: ArchivePart) => Promise<string>) => Promise<void>,
  finish: () => Omit<Manifest, 'format' | 'version'>,
): Promise<{ bytes: number; sha256: string; manifest: Manifest }> {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists. Choose a new name: a backup never overwrites a file.`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const pack = tar.pack();
  const tap = new Tap();
  // The archive holds members' addresses and password hashes: for the owner's eyes only.
  const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const written = pipeline(pack as unknown as NodeJS.ReadableStream, zlib.createGzip({ level: 6 }), tap, out);
  // Errors are taken from `written` below, after the parts: none goes unhandled meanwhile.
  written.catch(() => undefined);
  try {
    await write((part) => addEntry(pack, part.name, part.size, part.read()));
    const manifest: Manifest = { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, ...finish() };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await addEntry(pack, MANIFEST_ENTRY, json.length, [json]);
    pack.finalize();
    await written;
    await fsyncFile(partial);
    const sha256 = tap.hash.digest('hex');
    fs.renameSync(partial, file);
    fs.writeFileSync(checksumFile(file), `${sha256}  ${path.basename(file)}\n`);
    return { bytes: tap.bytes, sha256, manifest };
  } catch (err) {
    pack.destroy();
    await written.catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

async function fsyncFile(file: string) {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// ---- Reading ---------------------------------------------------------------------------------------------

/** An archive whose every part checked out, unpacked into a staging folder. */
export type CheckedArchive = {
  manifest: Manifest;
  /** Where a part of the database (by its name in the archive) was unpacked. */
  partFile: (name: string) => string;
  /** Each stored file's unpacked copy, by key, in the manifest's order. */
  files: { key: string; contentType: string; path: string; size: number }[];
  /** The SHA-256 of the whole archive. */
  sha256: string;
};

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** A person's words for what went wrong while reading: the archive is cut short, or damaged. */
function explainReadError(file: string, err: unknown): BackupError {
  if (err instanceof BackupError) return err;
  const e = err as NodeJS.ErrnoException;
  const message = e?.message ?? String(err);
  if (e?.code === 'Z_BUF_ERROR' || /unexpected end/i.test(message)) {
    return new BackupError(`${file} is incomplete: it ends before the end of the backup (a copy cut short?). Nothing was restored.`);
  }
  if (
    e?.code === 'Z_DATA_ERROR' ||
    /incorrect header check|invalid (stored|block|distance|code)|incorrect data check|tar header|corrupt/i.test(message)
  ) {
    return new BackupError(`${file} is damaged: its contents do not check out (${message}). Nothing was restored.`);
  }
  return new BackupError(`${file} could not be read as a backup: ${message}. Nothing was restored.`);
}

/** One entry of the archive as tar-stream gives it: its bytes, read once. */
type Entry = AsyncIterable<Buffer> & { header: tar.Header; resume(): unknown };
type Visit = (entry: Entry, name: string) => Promise<void>;

/** Reads the archive's entries in order, each passed to `visit`; its framing's errors in a person's words. */
async function walkArchive(file: string, visit: Visit, onBytes?: (bytes: number) => void): Promise<string> {
  const tap = new Tap(onBytes);
  const extract = tar.extract();
  const read = pipeline(fs.createReadStream(file), tap, zlib.createGunzip(), extract as unknown as NodeJS.WritableStream);
  read.catch(() => undefined);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') {
        throw new BackupError(
          `${file} is damaged: it holds an unexpected entry ${JSON.stringify(entry.header.name)}. Nothing was restored.`,
        );
      }
      await visit(entry as unknown as Entry, entry.header.name);
    }
    await read;
  } catch (err) {
    extract.destroy();
    await read.catch(() => undefined);
    throw explainReadError(file, err);
  }
  return tap.hash.digest('hex');
}

/**
 * Checks the whole archive, then unpacks it into `stagingDir`: the gzip and tar framing, one manifest of a known
 * format, every part it lists present with its size and SHA-256, nothing else present, and (when
 * `<file>.sha256` is beside it) the whole archive's SHA-256. The first reading writes nothing; only an archive
 * that checks out is unpacked, each part checked again as it is. Otherwise throws a BackupError saying what is
 * wrong. `onProgress` counts the archive's bytes, once for each reading.
 */
export async function readArchive(file: string, stagingDir: string, onProgress?: Progress): Promise<CheckedArchive> {
  let total: number;
  try {
    total = fs.statSync(file).size;
  } catch {
    throw new BackupError(`There is no file ${file}.`);
  }

  // First reading: checksums only.
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestJson: Buffer | undefined;
  const sha256 = await walkArchive(
    file,
    async (entry, name) => {
      if (seen.has(name) || (name === MANIFEST_ENTRY && manifestJson)) {
        throw new BackupError(`${file} is damaged: it holds ${name} twice. Nothing was restored.`);
      }
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of entry) {
        size += chunk.length;
        hash.update(chunk);
        if (name === MANIFEST_ENTRY) {
          if (size > MAX_MANIFEST_BYTES) throw new BackupError(`${file} is not a backup of this site: its manifest is far too large.`);
          chunks.push(chunk);
        }
      }
      if (name === MANIFEST_ENTRY) manifestJson = Buffer.concat(chunks);
      else seen.set(name, { size, sha256: hash.digest('hex') });
    },
    (bytes) => onProgress?.('checking', bytes, total),
  );

  const sidecar = checksumFile(file);
  if (fs.existsSync(sidecar)) {
    const expected = fs.readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0]?.toLowerCase();
    if (expected !== sha256) {
      throw new BackupError(
        `${file} does not match the checksum in ${sidecar} (${expected}; the archive's is ${sha256}): it was changed or damaged ` +
          'after it was written. Nothing was restored.',
      );
    }
  }
  if (!manifestJson) {
    throw new BackupError(
      `${file} is incomplete: it has no manifest, the last part of a backup (a copy cut short?). Nothing was restored.`,
    );
  }
  const manifest = parseManifest(file, manifestJson);

  const expected = new Map<string, { size: number; sha256: string }>();
  for (const part of [
    ...manifest.database.parts,
    ...manifest.files.map((f) => ({ name: `${FILES_PREFIX}${f.key}`, size: f.size, sha256: f.sha256 })),
  ]) {
    if (expected.has(part.name)) throw new BackupError(`${file} is damaged: its manifest lists ${part.name} twice. Nothing was restored.`);
    expected.set(part.name, part);
    const found = seen.get(part.name);
    if (!found) throw new BackupError(`${file} is incomplete: ${part.name}, which its manifest lists, is missing. Nothing was restored.`);
    if (found.size !== part.size || found.sha256 !== part.sha256) {
      throw new BackupError(`${file} is damaged: ${part.name} does not match its SHA-256 in the manifest. Nothing was restored.`);
    }
  }
  const extra = [...seen.keys()].find((name) => !expected.has(name));
  if (extra !== undefined) {
    throw new BackupError(`${file} is damaged: it holds ${extra}, which its manifest does not list. Nothing was restored.`);
  }

  // Second reading: each part is written under a name of ours (nothing in the archive chooses where a file
  // goes), and checked again, in case the file changed between the two readings.
  const staged = new Map<string, string>();
  let n = 0;
  await walkArchive(
    file,
    async (entry, name) => {
      const part = expected.get(name);
      if (!part) {
        entry.resume();
        return;
      }
      const to = path.join(stagingDir, `part-${++n}`);
      const hash = createHash('sha256');
      if (part.size <= 1024 * 1024) {
        // Most parts are small (a data folder's files, photos): written at once.
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk);
        const data = Buffer.concat(chunks);
        hash.update(data);
        await fs.promises.writeFile(to, data, { flag: 'wx' });
      } else {
        const hashing = new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            done(null, chunk);
          },
        });
        await pipeline(entry as unknown as NodeJS.ReadableStream, hashing, fs.createWriteStream(to, { flags: 'wx' }));
      }
      if (hash.digest('hex') !== part.sha256) throw new BackupError(`${file} changed while it was being restored. Nothing was restored.`);
      staged.set(name, to);
    },
    (bytes) => onProgress?.('unpacking', bytes, total),
  );
  if (staged.size !== expected.size) throw new BackupError(`${file} changed while it was being restored. Nothing was restored.`);

  const partFile = (name: string) => staged.get(name)!;
  return {
    manifest,
    sha256,
    partFile,
    files: manifest.files.map((f) => ({ key: f.key, contentType: f.contentType, size: f.size, path: partFile(`${FILES_PREFIX}${f.key}`) })),
  };
}

/** The manifest, if it is one this version reads. */
function parseManifest(file: string, json: Buffer): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(json.toString('utf8'));
  } catch {
    throw new BackupError(`${file} is damaged: its manifest is not readable JSON. Nothing was restored.`);
  }
  const head = raw as { format?: unknown; version?: unknown };
  if (head?.format !== ARCHIVE_FORMAT) throw new BackupError(`${file} is not a backup made by npm run backup of this site.`);
  if (typeof head.version === 'number' && head.version > ARCHIVE_VERSION) {
    throw new BackupError(
      `${file} was made by a newer version of the site (archive format ${head.version}; this version reads format ${ARCHIVE_VERSION}). ` +
        'Restore it with that version or a newer one.',
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problem = parsed.error.issues[0];
    throw new BackupError(
      `${file} is damaged: its manifest is not as a backup's should be (${problem?.path.join('.')}: ${problem?.message}).`,
    );
  }
  return parsed.data;
}
