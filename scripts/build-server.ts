// Builds the server into one JavaScript module, dist-server/main.js, which `npm run serve` runs with plain
// Node (decision 020): compiling TypeScript on the fly (tsx) kept ~85 MB more resident for the process's life.
//
//   node --import tsx scripts/build-server.ts
//
// Only our own code is bundled; packages stay in node_modules and load as usual (some read files beside
// their code). `import.meta.url` keeps naming the source file it is written in, so what the code finds
// beside itself (migrations, the states' data, the built front end) is found as when run from source.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = path.join(ROOT, 'dist-server');
/** The built server: `node dist-server/main.js` starts it. */
export const SERVER_ENTRY = path.join(SERVER_OUT_DIR, 'main.js');

/**
 * The environment the server runs in (`npm run serve` sets the same; a test keeps them equal). glibc's malloc
 * keeps what it frees for reuse: the compilers' work at start (V8 compiling PGlite's WebAssembly, in 32 KB
 * pieces on background threads) stayed resident as ~70 MB nobody used again. Pieces of 32 KB and more are
 * mapped on their own and given back when freed. Ignored where the C library is not glibc.
 */
export const SERVER_ENV = { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=32768' } as const;

/**
 * Node's options for the server (`npm run serve` passes the same). Under load V8 grew its heap to ~450 MB
 * for ~60 MB of live objects, and kept it: the old generation now grows to 1.5 times what survives a full
 * collection (not up to 4 times), and the young one to 2 × 8 MB (not 2 × 16 MB). No hard limit: a larger
 * working set still gets its room. Throughput stayed within the noise of the reads benchmark.
 */
export const SERVER_NODE_ARGS: string[] = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

/** How `npm run serve` starts the built server, after building it. */
export function serveCommand(): string {
  const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
  return [...env, 'node', ...SERVER_NODE_ARGS, path.relative(ROOT, SERVER_ENTRY)].join(' ');
}

const sourceImportMetaUrl: esbuild.Plugin = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(SERVER_OUT_DIR, args.path).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

/**
 * Builds dist-server/main.js (and its source map) from src/server/main.ts. Each file is written aside and
 * renamed into place, so a server starting meanwhile (another test worker) never reads half a file.
 */
export async function buildServer(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'src/server/main.ts')],
    outdir: SERVER_OUT_DIR,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    write: false,
    logLevel: 'warning',
    plugins: [sourceImportMetaUrl],
  });
  fs.mkdirSync(SERVER_OUT_DIR, { recursive: true });
  for (const file of result.outputFiles) {
    const temp = `${file.path}.${randomUUID()}.tmp`;
    fs.writeFileSync(temp, file.contents);
    fs.renameSync(temp, file.path);
  }
  return SERVER_ENTRY;
}

let built: Promise<string> | undefined;
/** The server built once per process (test and benchmark runs start it several times). */
export function builtServer(): Promise<string> {
  built ??= buildServer();
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
