import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process';
import { unhandledErrorsIn } from './server-log';

// A server of a journey's own, for a journey that needs a database made before the server starts (rows written
// with the factories, or the demo content `npm start` seeds), beside the one shared server. Its mail, with no SMTP
// server, is written as files in its data folder.

export type OwnServer = { server: ServerProcess; root: string; dataDir: string };

/** A throw-away folder for the server's data (`dataDir`, made) and its log, before the server starts. */
export function ownServerFolder(name: string): Pick<OwnServer, 'root' | 'dataDir'> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `fn-e2e-${name}-`));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir);
  return { root, dataDir };
}

/** Starts the built server on the embedded database in `folder`, as `npm start` would; `env` over the defaults. */
export async function startOwnServer(
  name: string,
  folder: Pick<OwnServer, 'root' | 'dataDir'>,
  env: NodeJS.ProcessEnv = {},
): Promise<OwnServer> {
  const server = await startServerProcess({
    name,
    log: path.join(folder.root, 'server.log'),
    timeoutMs: 120_000,
    env: {
      SMTP_URL: undefined,
      DATABASE_URL: undefined,
      NODE_ENV: 'test',
      DATA_DIR: folder.dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      STAFF_EMAIL: 'team@network.test',
      TRUST_PROXY: 'true',
      ...env,
    },
  });
  return { server, ...folder };
}

/** Stops it and removes its folder; a 500 is always our bug, so the journey fails if the server logged one. */
export async function stopOwnServer(own: Partial<OwnServer>): Promise<void> {
  await own.server?.stop();
  if (!own.root) return;
  const unhandled = unhandledErrorsIn(path.join(own.root, 'server.log'));
  fs.rmSync(own.root, { recursive: true, force: true });
  expect(unhandled).toEqual([]);
}

/** The first message to `to` that `where` accepts, among those the server wrote in its data folder's mail. */
export async function mailFileTo(dataDir: string, to: string, where: (m: ParsedMail) => boolean): Promise<ParsedMail> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : []) {
      const parsed = await simpleParser(fs.readFileSync(path.join(dir, file)));
      if (JSON.stringify(parsed.to).includes(to) && where(parsed)) return parsed;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail for ${to}`);
}
