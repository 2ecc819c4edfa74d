import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, bootScript, DONATE_URL_PLACEHOLDER, LANDING_HTML, type BootState } from '../../shared/boot';
import { staticRoutes } from './static';

const BIG_SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const PADDING = `<p>${'A page long enough to be worth compressing. '.repeat(60)}</p>`;
const INDEX = `<!doctype html><html><head><title>app</title></head><body><div id="root"></div>${PADDING}</body></html>`;
const LANDING = `<!doctype html><html><head><title>landing</title></head><body><div id="root" data-prerendered><a href="${DONATE_URL_PLACEHOLDER}">Give</a></div></body></html>`;

function fakeDist({ withLanding = true } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (withLanding) fs.writeFileSync(path.join(dir, LANDING_HTML), LANDING);
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  // As the build writes them (scripts/precompress.ts): brotli and gzip beside a script.
  fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js'), BIG_SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_SCRIPT));
  fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT));
  return dir;
}

const DONATE_URL = 'https://give.example.org/?a=1&b="2"';
const options = {
  site: { donateUrl: DONATE_URL, googleSignIn: true },
  hasSessionCookie: (c: { req: { header(name: string): string | undefined } }) => (c.req.header('cookie') ?? '').includes('session='),
};

/** The boot state written into a page, as the browser reads it. */
function bootOf(html: string): BootState {
  const match = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">(.*?)</script>`).exec(html);
  if (!match) throw new Error('no boot state in the page');
  return JSON.parse(match[1]!) as BootState;
}

describe('front-end files', () => {
  const app = staticRoutes(fakeDist(), options);

  it('sends scripts compressed at build time, brotli or gzip as the browser takes them, as they are to others', async () => {
    const br = await app.request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(BIG_SCRIPT);
    const gz = await app.request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BIG_SCRIPT);
    const plain = await app.request('/assets/big-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_SCRIPT);
    expect(plain.headers.get('cache-control')).toContain('immutable');
  });

  it('sends each page gzipped to browsers that take it, the same bytes as the plain page', async () => {
    const plain = await (await app.request('/signin')).text();
    for (let i = 0; i < 2; i++) {
      const res = await app.request('/signin', { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toContain('Cookie');
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(plain);
    }
  });

  it('answers page paths with the app, never cached and varying with the cookie', async () => {
    for (const p of ['/signin', '/dashboard', '/discuss/123']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<title>app</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toContain('Cookie');
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

  it('sends the prerendered landing page to visitors without a session cookie, with the real Give link', async () => {
    const res = await app.request('/');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<title>landing</title>');
    expect(html).not.toContain(DONATE_URL_PLACEHOLDER);
    expect(html).toContain('href="https://give.example.org/?a=1&amp;b=&quot;2&quot;"');
    expect(bootOf(html)).toEqual({ site: { donateUrl: DONATE_URL, googleSignIn: true }, me: null });
  });

  it('sends the plain app to a request with a session cookie, without claiming who is signed in', async () => {
    for (const p of ['/', '/directory']) {
      const html = await (await app.request(p, { headers: { cookie: 'session=abc' } })).text();
      expect(html, p).toContain('<title>app</title>');
      const boot = bootOf(html);
      expect(boot.site).toEqual({ donateUrl: DONATE_URL, googleSignIn: true });
      expect('me' in boot, p).toBe(false);
    }
  });

  it('tells every signed-out page that nobody is signed in', async () => {
    const html = await (await app.request('/signin')).text();
    expect(bootOf(html)).toEqual({ site: { donateUrl: DONATE_URL, googleSignIn: true }, me: null });
  });

  it('falls back to the plain app for "/" when the build has no prerendered landing page', async () => {
    const plain = staticRoutes(fakeDist({ withLanding: false }), options);
    expect(await (await plain.request('/')).text()).toContain('<title>app</title>');
  });
});

describe('the boot state block', () => {
  it('cannot close its element or start markup, whatever the values hold', () => {
    const tag = bootScript({ site: { donateUrl: 'https://x.org/</script><script>alert(1)</script>&\u2028', googleSignIn: false } });
    const inner = tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(inner)).toEqual({
      site: { donateUrl: 'https://x.org/</script><script>alert(1)</script>&\u2028', googleSignIn: false },
    });
  });
});
