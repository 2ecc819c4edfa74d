import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticRoutes } from './static';

function fakeDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  return dir;
}

describe('front-end files', () => {
  const app = staticRoutes(fakeDist());

  it('answers page paths with index.html, never cached', async () => {
    for (const p of ['/', '/signin', '/dashboard', '/discuss/123']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<title>app</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers unknown paths with the app and a 404, so the page shows "page not found"', async () => {
    const res = await app.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<title>app</title>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.request('/assets/main-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });
});
