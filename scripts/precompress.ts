import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text the browser fetches (scripts, style sheets, SVG, JSON). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each script and style sheet of the browser build, compressed
 * once at the highest levels, which the server sends as they are (serveStatic's `precompressed`): no
 * compression per request, and smaller files than on-the-fly gzip (brotli for browsers that take it).
 */
export function precompress(): Plugin {
  let isSsr = false;
  return {
    name: 'fn-precompress',
    apply: 'build',
    configResolved(config) {
      isSsr = Boolean(config.build.ssr);
    },
    writeBundle(options, bundle) {
      if (isSsr || !options.dir) return;
      for (const name of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(options.dir, name);
        const data = fs.readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
      }
    },
  };
}
