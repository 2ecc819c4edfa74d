import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { ownServerFolder, startOwnServer, type OwnServer } from './own-server';

// The demo content `npm start` seeds, on a server of its own beside the shared one: started once for the run by the
// first journey that asks for it (journey files run one after another in one process, e2e/vitest.config.ts), then
// kept for the others, and stopped when the process ends. Seeding it costs about half a minute; two journeys used
// to pay it each.

/** A demo member the demo server makes an admin (ADMIN_EMAILS): a journey that needs him sets his second factor up. */
export const DEMO_ADMIN = 'peter.olsen@demo.example.org';

let started: Promise<OwnServer> | undefined;

function demoServer(): Promise<OwnServer> {
  if (!started) {
    const folder = ownServerFolder('demo');
    started = startOwnServer('The demo server', folder, { SEED_DEMO: 'true', ADMIN_EMAILS: DEMO_ADMIN });
    started.then(
      (own) => {
        process.once('exit', () => {
          own.server.child.kill('SIGKILL');
          if (!process.env.KEEP_E2E_DATA) fs.rmSync(own.root, { recursive: true, force: true });
        });
      },
      () => (started = undefined),
    );
  }
  return started;
}

/**
 * The demo server for a spec file's tests: call once at the top of the file, then `demo()` in its tests and later
 * hooks. A 500 is always our bug: after the file, the server's log must hold no unhandled error.
 */
export function useDemoServer(): () => OwnServer {
  let own: OwnServer | undefined;
  beforeAll(async () => {
    own = await demoServer();
  }, 180_000);
  afterAll(() => {
    if (own) expect(fs.readFileSync(own.server.log, 'utf8')).not.toContain('"msg":"unhandled error"');
  });
  return () => {
    if (!own) throw new Error('No demo server yet: useDemoServer() starts it before the tests');
    return own;
  };
}
