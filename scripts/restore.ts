// npm run restore -- <file>
// Brings an empty data folder (embedded database) or an empty PostgreSQL database (DATABASE_URL), with empty
// file storage, back to exactly the state of a backup made by npm run backup. Every checksum is verified before
// anything is restored; a target that is not empty, or an archive that does not check out, is refused and
// nothing changes. Mail that was waiting at the backup is held, not sent (decision 023).
import path from 'node:path';
import { storageFor } from '../src/server/deps';
import { BackupError, describeCounts, restoreBackup } from '../src/server/backup';
import { errorMessage } from '../src/server/logger';
import { progress } from './progress';
import { checkStorageOrFail, configOrFail, fail } from './cli';

const USAGE = 'Usage: npm run restore -- <file>   (the archive npm run backup wrote)';

const PHASES: Record<string, string> = {
  checking: 'checking the archive',
  unpacking: 'unpacking',
  files: 'stored files',
  database: 'database',
};

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) fail(USAGE);
  const file = path.resolve(args[0]);
  const config = configOrFail();
  const storage = storageFor(config);
  await checkStorageOrFail(storage);
  const started = Date.now();
  const result = await restoreBackup({
    file,
    target: config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    storage,
    onProgress: (phase, done, total) => progress(PHASES[phase] ?? phase, done, total, started),
  });
  const { manifest } = result;
  process.stdout.write(
    `\nRestored the backup made at ${manifest.createdAt} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(SHA-256 ${result.sha256}):\n  ${describeCounts(manifest.database.counts, manifest.files.length)}.\n` +
      (result.heldMail
        ? `  ${result.heldMail} mail ${result.heldMail === 1 ? 'item was' : 'items were'} still waiting at the backup: held as not sent, ` +
          'since it may have gone out after the backup. An admin can retry it from the mail log.\n'
        : '') +
      `Start the site on it as usual (npm run serve).\n`,
  );
}

main().catch((err) => fail(err instanceof BackupError ? err.message : `The restore failed: ${errorMessage(err)}`));
