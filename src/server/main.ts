import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { buildApp } from './app';
import { checkScheduledBackups } from './backup';
import { systemClock } from './clock';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { appDeps, storageFor } from './deps';
import { seedDemoForum } from './demo/forum';
import { seedDemoChurches } from './demo/churches';
import { seedDemoNeeds } from './demo/needs';
import { seedDemoCare } from './demo/care';
import { seedDemoAvatars } from './demo/avatars';
import { demoBanner } from './demo/banner';
import { seedDemo, type DemoSecondFactor } from './demo/seed';
import { instanceName, type JobRunner } from './jobs';
import { createLogger } from './logger';
import { createMailTransport } from './mail/transport';
import { MailWorker } from './mail/worker';
import { createLiveBus } from './live/bus';
import { JOBS } from './site-jobs';
import { seedStateStats } from './states/service';
import { controlFile } from './control';
import { StorageUnavailableError } from './storage/storage';

async function main() {
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee .env.example for the variables and working values.\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  fs.mkdirSync(config.dataDir, { recursive: true });

  // A bucket that is missing, unreachable or refuses the credentials stops the start here, in words, before
  // anything else is opened, rather than failing each member's photo later (decision 021).
  const storage = storageFor(config);
  try {
    await storage.check();
  } catch (err) {
    if (!(err instanceof StorageUnavailableError)) throw err;
    logger.error(err.message);
    process.exit(1);
  }
  logger.info('file storage ready', { where: storage.where });

  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      logger.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await migrateDatabase(database);
  const states = await seedStateStats(database.db);
  if (states.inserted) logger.info('state counts seeded', { inserted: states.inserted });
  logger.info('database ready', { kind: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined });

  const clock = systemClock;
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, mailFrom: config.mailFrom });
  const live = createLiveBus(database, logger.child({ part: 'live' }));
  await live.start();
  // One name for this process in what it claims: the mail it sends, the periods of its jobs.
  const instance = instanceName();
  const worker = new MailWorker({ db: database.db, transport, clock, live, logger: logger.child({ part: 'mail' }), workerId: instance });
  // The outbox wakes the mail-delivery job (runner below) as soon as mail is committed.
  let wakeMail = () => undefined as void;
  const deps = appDeps({ config, database, clock, logger, live, storage, wakeMailWorker: () => wakeMail() });
  // The admin command line reaches a running embedded server through this token (the database is ours alone).
  const controlToken = database.kind === 'pglite' ? randomBytes(32).toString('hex') : undefined;
  const { app, auth, jobs } = buildApp(deps, { controlToken, distDir: config.webDistDir, mailWorker: worker, instance });
  wakeMail = () => jobs.trigger(JOBS.mailDelivery);

  let demoSecondFactor: DemoSecondFactor | undefined;
  if (config.seedDemo) {
    const { created, adminSecondFactor } = await seedDemo(database.db, auth);
    demoSecondFactor = adminSecondFactor;
    const forum = await seedDemoForum(deps);
    const churches = await seedDemoChurches(database.db);
    const needs = await seedDemoNeeds(database.db, auth);
    const care = await seedDemoCare(database.db, auth);
    const avatars = await seedDemoAvatars(deps);
    logger.info('demo content ready', {
      created,
      forum: forum.created,
      churches: churches.created,
      needs: needs.created,
      careTeams: care.created,
      avatars: avatars.created,
      adminSecondFactorSetUp: adminSecondFactor.isNew,
    });
  }
  // The background work (decision 030, src/server/site-jobs.ts): mail delivery, the digest, scheduled backups,
  // pruning, each looking at once and then at its own pace; what must happen once per period goes to one instance.
  if (config.backup) checkScheduledBackups({ database, logger: logger.child({ part: 'backup' }) });
  jobs.start();

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    if (controlToken) {
      fs.writeFileSync(controlFile(config.dataDir), JSON.stringify({ pid: process.pid, port: info.port, token: controlToken }), {
        mode: 0o600,
      });
    }
    // Forms (sign-in included) are refused from pages opened at another address than PUBLIC_URL (in development,
    // another loopback name of the port is the same site): say where to open it.
    logger.info('listening', {
      url: config.publicUrl,
      port: info.port,
      // The Node it runs on: npm's own (node_modules/.bin/node, decision 054) unless started by hand on another.
      node: process.version,
      hint: `open the site at ${config.publicUrl}; pages opened at another address cannot sign in or send forms (set PUBLIC_URL to the address people use)`,
    });
    if (demoSecondFactor) {
      const banner = demoBanner({
        publicUrl: config.publicUrl,
        secondFactor: demoSecondFactor,
        mailDir: path.join(config.dataDir, 'mail'),
        isSmtpSet: Boolean(config.smtpUrl),
      });
      // After the start-up's own work (the demo's mail going out, the jobs' first looks), so the banner is the last
      // thing on the screen rather than a few lines lost among the log's.
      void startUpWorkDone(jobs).then(() => process.stdout.write(banner));
    }
  }) as Server;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.warn('requests still open after 10 s; closing anyway');
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    // Stop accepting; requests in flight finish first.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Open event streams never end by themselves: closing the bus ends them.
    await live.close();
    await closed;
    // Every job's ticks stop; the runs under way end first (mail not sent waits in the outbox).
    await jobs.stop();
    await transport.close();
    if (controlToken) fs.rmSync(controlFile(config.dataDir), { force: true });
    await database.close();
    clearTimeout(force);
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Resolves once no job has been running for half a second (the first looks, and the runs they set off), or after 15 s. */
async function startUpWorkDone(jobs: JobRunner): Promise<void> {
  const giveUpAt = Date.now() + 15_000;
  let quietChecks = 0;
  while (quietChecks < 2 && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    quietChecks = jobs.statuses().some((job) => job.isRunning) ? 0 : quietChecks + 1;
  }
}

main().catch((err) => {
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'start-up failed', err: err instanceof Error ? String(err.stack) : String(err) })}\n`,
  );
  process.exit(1);
});
