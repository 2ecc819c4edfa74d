import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer as startBenchServer } from './support';

/**
 * The real server as production runs it (embedded database in a throw-away folder), on a free loopback
 * port. `stop()` ends it and removes the folder.
 */
export async function startServer(opts: { distDir?: string } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-bench-'));
  let server: Awaited<ReturnType<typeof startBenchServer>>;
  try {
    server = await startBenchServer('server', root, {
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: '',
      TRUST_PROXY: 'false',
      ...(opts.distDir ? { WEB_DIST_DIR: opts.distDir } : {}),
    });
  } catch (err) {
    fs.rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return {
    url: server.url,
    async stop() {
      await server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
