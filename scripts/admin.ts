// npm run admin -- grant <email> | revoke <email> | reset-2fa <email>
// grant/revoke set isAdmin on the profile of an account; reset-2fa clears its second factor (a lost phone).
// With DATABASE_URL it writes to PostgreSQL directly. On the embedded database it asks the running server to
// do it (the server holds the database), or, when no server runs, opens the database itself.

import { migrateDatabase, openDatabase, lockPath } from '../src/server/db/client';
import { DataDirLockedError, readLock } from '../src/server/db/lock';
import { setAdmin, type RoleResult } from '../src/server/admin/roles';
import { resetTwoFactor, type TwoFactorResetResult } from '../src/server/admin/second-factor';
import type { Db } from '../src/server/db/client';
import type { LivePublisher } from '../src/server/live/bus';
import { createLiveBus } from '../src/server/live/bus';
import { createLogger, errorMessage } from '../src/server/logger';
import { readControl } from '../src/server/control';
import { configOrFail, fail } from './cli';

const USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>\n       npm run admin -- reset-2fa <email>';

/** One change the command line makes: on an open database, or through the running server's control route. */
type Command<R> = {
  run: (db: Db, live: LivePublisher) => Promise<R>;
  route: string;
  body: Record<string, unknown>;
  notFound: R;
};

async function viaDatabase<R>(databaseUrl: string | undefined, dataDir: string, command: Command<R>): Promise<R> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateDatabase(database);
    // Publishing is a NOTIFY on the database: on PostgreSQL, the running instances' admin pages hear it.
    return await command.run(database.db, createLiveBus(database, createLogger('silent')));
  } finally {
    await database.close();
  }
}

async function viaServer<R>(dataDir: string, command: Command<R>): Promise<R> {
  const control = readControl(dataDir);
  if (!control) {
    fail(
      `The site is running (it holds the embedded database in ${dataDir}) but has not published its control address yet.\n` +
        'Wait until it has started, or stop it and run this command again.',
    );
  }
  const res = await fetch(`http://127.0.0.1:${control.port}/internal/${command.route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${control.token}` },
    body: JSON.stringify(command.body),
  }).catch((err: Error) => fail(`Could not reach the running site on port ${control.port}: ${err.message}`));
  if (res.status === 404) return command.notFound;
  if (!res.ok) fail(`The running site refused the change (${res.status}): ${await res.text()}`);
  return (await res.json()) as R;
}

/** Where the change is made: PostgreSQL, the running embedded server, or the embedded database itself. */
async function perform<R>(config: { databaseUrl?: string | undefined; dataDir: string }, command: Command<R>): Promise<R> {
  if (config.databaseUrl) return viaDatabase(config.databaseUrl, config.dataDir, command);
  if (readLock(lockPath(config.dataDir))) return viaServer(config.dataDir, command);
  try {
    return await viaDatabase(undefined, config.dataDir, command);
  } catch (err) {
    // The site started between our look and our open: ask it instead.
    if (err instanceof DataDirLockedError) return viaServer(config.dataDir, command);
    throw err;
  }
}

async function main() {
  const [verb, email, ...rest] = process.argv.slice(2);
  if ((verb !== 'grant' && verb !== 'revoke' && verb !== 'reset-2fa') || !email || rest.length) fail(USAGE);
  const config = configOrFail();
  if (verb === 'reset-2fa') {
    const reset = await perform<TwoFactorResetResult>(config, {
      run: (db, live) => resetTwoFactor({ db, live }, { email }),
      route: 'reset-2fa',
      body: { email },
      notFound: { ok: false, reason: 'no-account' },
    });
    if (!reset.ok) fail(`No account uses the email ${email}.`);
    process.stdout.write(
      reset.hadFactor
        ? `Two-step sign-in is cleared for ${reset.email}: they sign in with the password alone, and an admin sets up a new authenticator app on the next visit to /admin.\n`
        : `${reset.email} had no two-step sign-in set up; nothing to clear.\n`,
    );
    return;
  }
  const isAdmin = verb === 'grant';
  const result = await perform<RoleResult>(config, {
    run: (db, live) => setAdmin({ db, live }, { email, isAdmin }),
    route: 'admin-role',
    body: { email, isAdmin },
    notFound: { ok: false, reason: 'no-account' },
  });
  if (!result.ok) fail(`No account uses the email ${email}. The member must sign up first.`);
  process.stdout.write(`${result.email} is ${result.isAdmin ? 'now an admin' : 'no longer an admin'}.\n`);
  if (!isAdmin && config.adminEmails.includes(result.email)) {
    process.stdout.write(`Note: ${result.email} is listed in ADMIN_EMAILS, which keeps it an admin until removed there.\n`);
  }
}

main().catch((err) => fail(`admin command failed: ${errorMessage(err)}`));
