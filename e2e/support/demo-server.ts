import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { demoServerRecordFile, type DemoServerRecord } from './demo-server-record';
import { ownServerFolder, startOwnServer, type OwnServer } from './own-server';
import { unhandledErrorsIn } from './server-log';

// The demo content `npm start` seeds, on a server of its own beside the shared one: started once for the run by the
// first journey that asks for it (journey files run one after another in one process, e2e/vitest.config.ts), then
// kept for the others. Seeding it costs about half a minute; two journeys used to pay it each. The run's global
// setup stops it at the end (a worker's own exit handlers do not run when vitest ends the worker), from the file
// this writes beside the shared server's data.

/** A demo member the demo server makes an admin (ADMIN_EMAILS): a journey that needs him sets his second factor up. */
export const DEMO_ADMIN = 'peter.olsen@demo.example.org';

let started: Promise<OwnServer> | undefined;

function demoServer(): Promise<OwnServer> {
  if (!started) {
    const folder = ownServerFolder('demo');
    started = startOwnServer('The demo server', folder, { SEED_DEMO: 'true', ADMIN_EMAILS: DEMO_ADMIN });
    started.then(
      (own) => {
        const record: DemoServerRecord = { pid: own.server.child.pid!, root: own.root, log: own.server.log };
        fs.writeFileSync(demoServerRecordFile(path.dirname(inject('dataDir'))), JSON.stringify(record));
      },
      () => (started = undefined),
    );
  }
  return started;
}

/**
 * The demo server for a spec file's tests: call once at the top of the file, then call the function it answers in
 * its tests and later hooks. A 500 is always our bug: after the file, the server's log must hold no unhandled error.
 */
export function useDemoServer(): () => OwnServer {
  let own: OwnServer | undefined;
  beforeAll(async () => {
    own = await demoServer();
  }, 180_000);
  afterAll(() => {
    if (own) expect(unhandledErrorsIn(own.server.log)).toEqual([]);
  });
  return () => {
    if (!own) throw new Error('No demo server yet: useDemoServer() starts it before the tests');
    return own;
  };
}
