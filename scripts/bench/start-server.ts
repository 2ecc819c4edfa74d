import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer as startBenchServer } from './support';

/**
 * The real server as production runs it (embedded database in a throw-away folder), on a free loopback
 * port. `stop()` ends it and removes the folder. `env` adds settings; `nodeArgs` go to Node (a CPU profile);
 * `entry` runs another build than this checkout's.
 */
export async function startServer(opts: { distDir?: string; env?: Record<string, string>; nodeArgs?: string[]; entry?: string } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-bench-'));
  let server: Awaited<ReturnType<typeof startBenchServer>>;
  try {
    server = await startBenchServer(
      'server',
      root,
      {
        DATA_DIR: path.join(root, 'data'),
        DATABASE_URL: '',
        TRUST_PROXY: 'false',
        ...(opts.distDir ? { WEB_DIST_DIR: opts.distDir } : {}),
        ...opts.env,
      },
      { nodeArgs: opts.nodeArgs, entry: opts.entry },
    );
  } catch (err) {
    fs.rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return {
    url: server.url,
    child: server.child,
    async stop() {
      await server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
