// npm run admin -- grant <email> | revoke <email>
// Sets isAdmin on the profile of an account. With DATABASE_URL it writes to PostgreSQL directly. On the
// embedded database it asks the running server to do it (the server holds the database), or, when no
// server runs, opens the database itself.
import { ConfigError, loadConfig, loadDotEnv } from '../src/server/config';
import { migrateDatabase, openDatabase, lockPath } from '../src/server/db/client';
import { DataDirLockedError, readLock } from '../src/server/db/lock';
import { setAdmin, type RoleResult } from '../src/server/admin/roles';
import { createLiveBus } from '../src/server/live/bus';
import { createLogger } from '../src/server/logger';
import { readControl } from '../src/server/control';

const USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function viaDatabase(databaseUrl: string | undefined, dataDir: string, email: string, isAdmin: boolean) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateDatabase(database);
    // Publishing is a NOTIFY on the database: on PostgreSQL, the running instances' admin pages hear it.
    return await setAdmin(database.db, { email, isAdmin }, { live: createLiveBus(database, createLogger('silent')) });
  } finally {
    await database.close();
  }
}

async function viaServer(dataDir: string, email: string, isAdmin: boolean): Promise<RoleResult> {
  const control = readControl(dataDir);
  if (!control) {
    fail(
      `The site is running (it holds the embedded database in ${dataDir}) but has not published its control address yet.\n` +
        'Wait until it has started, or stop it and run this command again.',
    );
  }
  const res = await fetch(`http://127.0.0.1:${control.port}/internal/admin-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${control.token}` },
    body: JSON.stringify({ email, isAdmin }),
  }).catch((err: Error) => fail(`Could not reach the running site on port ${control.port}: ${err.message}`));
  if (res.status === 404) return { ok: false, reason: 'no-account' };
  if (!res.ok) fail(`The running site refused the change (${res.status}): ${await res.text()}`);
  return (await res.json()) as RoleResult;
}

async function main() {
  const [verb, email, ...rest] = process.argv.slice(2);
  if ((verb !== 'grant' && verb !== 'revoke') || !email || rest.length) fail(USAGE);
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const isAdmin = verb === 'grant';
  let result: RoleResult;
  if (config.databaseUrl) {
    result = await viaDatabase(config.databaseUrl, config.dataDir, email, isAdmin);
  } else if (readLock(lockPath(config.dataDir))) {
    result = await viaServer(config.dataDir, email, isAdmin);
  } else {
    try {
      result = await viaDatabase(undefined, config.dataDir, email, isAdmin);
    } catch (err) {
      // The site started between our look and our open: ask it instead.
      if (err instanceof DataDirLockedError) result = await viaServer(config.dataDir, email, isAdmin);
      else throw err;
    }
  }
  if (!result.ok) fail(`No account uses the email ${email}. The member must sign up first.`);
  process.stdout.write(`${result.email} is ${result.isAdmin ? 'now an admin' : 'no longer an admin'}.\n`);
  if (!isAdmin && config.adminEmails.includes(result.email)) {
    process.stdout.write(`Note: ${result.email} is listed in ADMIN_EMAILS, which keeps it an admin until removed there.\n`);
  }
}

main().catch((err) => fail(`admin command failed: ${err instanceof Error ? err.message : String(err)}`));
