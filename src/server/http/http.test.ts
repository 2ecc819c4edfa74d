import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { describe, expect, it, vi } from 'vitest';
import { JSON_BODY_MAX_BYTES } from '../../shared/limits';
import { createTestApp, useTestApp } from '../testing/app';
import { uniqueEmail } from '../testing/factories';
import { recordingLogger } from '../testing/recording-logger';

const t = useTestApp();

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect(await (await t.app.request('/healthz')).json()).toEqual({ ok: true });
    const ready = await t.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect((await ready.json()).ok).toBe(true);
  });
});

/** Our security headers and the request id, as every answer carries them. */
function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  // Keeps a handle on the popups our pages open (Google sign-in); nobody else gets one on us.
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('are on every response, errors included', async () => {
    for (const res of [await t.app.request('/healthz'), await t.app.request('/api/nope'), await t.client().delete('/api/account')]) {
      expectSecurityHeaders(res);
    }
  });

  it('are on every response served by node:http as main.ts serves it, where they go on the node response', async () => {
    const server = createAdaptorServer({ fetch: t.app.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const res of [await fetch(`${base}/healthz`), await fetch(`${base}/api/nope`), await fetch(`${base}/api/states`)]) {
        expectSecurityHeaders(res);
        // Once each, not added twice to an answer that had its own headers.
        expect(res.headers.get('x-frame-options')).toBe('DENY');
      }
      const gzipped = await fetch(`${base}/api/states`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
      expectSecurityHeaders(gzipped);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gzips a large answer the app makes, and leaves a small one alone without a Vary, through node:http', async () => {
    const server = createAdaptorServer({ fetch: t.app.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const gzip = { 'accept-encoding': 'gzip' };
      // 11 bytes of JSON: not worth compressing, so it does not vary by encoding either (as hono/compress does
      // for an answer with a small Content-Length).
      const small = await fetch(`${base}/healthz`, { headers: gzip });
      expect(await small.json()).toEqual({ ok: true });
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(small.headers.get('vary')).toBeNull();
      expect(small.headers.get('content-length')).toBe('11');
      expectSecurityHeaders(small);
      // The API's description, made by the app (not an answer kept in memory), is tens of KB.
      const large = await fetch(`${base}/api/openapi.json`, { headers: gzip });
      expect(large.headers.get('content-encoding')).toBe('gzip');
      expect(large.headers.get('vary')).toBe('Accept-Encoding');
      expect((await large.json()).openapi).toBe('3.1.0');
      expectSecurityHeaders(large);
      const plain = await fetch(`${base}/api/openapi.json`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(10_000);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('adds HSTS behind a trusted proxy that says the request came over https, through node:http too', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } });
    const server = createAdaptorServer({ fetch: proxied.app.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // Read from node:http's headers there, from the Web Request's through app.request().
      for (const send of [
        (h: Record<string, string>) => fetch(`${base}/healthz`, { headers: h }),
        (h: Record<string, string>) => proxied.app.request('/healthz', { headers: h }),
      ]) {
        expect((await send({ 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
        expect((await send({ 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security')).toBeNull();
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await proxied.close();
    }
  });

  it('adds HSTS when served over https', async () => {
    const https = await createTestApp({ config: { publicUrl: 'https://network.example' } });
    try {
      const res = await https.app.request('/healthz');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });
});

describe('errors', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("words its own refusals in the asker's language (issue 28), and in the exact English otherwise", async () => {
    const es = { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' };
    expect(await (await t.app.request('/api/does-not-exist', { headers: es })).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'No hay ninguna ruta de la API GET /api/does-not-exist.',
    });
    expect(await (await t.app.request('/api/does-not-exist')).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'No API route GET /api/does-not-exist.',
    });
    const c = t.client();
    const huge = JSON.stringify({ filler: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    const kb = JSON_BODY_MAX_BYTES / 1024;
    expect(await (await c.post('/api/contact', huge, es)).json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: `El cuerpo de la solicitud supera los ${kb} KB.`,
    });
    expect(await (await c.post('/api/contact', huge)).json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: `The request body is larger than ${kb} KB.`,
    });
    expect(await (await c.post('/api/contact', 'email=x', { ...es, 'content-type': 'application/x-www-form-urlencoded' })).json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Envíe el cuerpo como application/json.',
    });
  });

  it('refuses bodies over the limit with 413 and changes nothing', async () => {
    const email = uniqueEmail();
    const c = t.client();
    await c.signUp(email);
    const huge = JSON.stringify({ email: uniqueEmail(), password: '', filler: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    const res = await c.patch('/api/account', huge);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PAYLOAD_TOO_LARGE');
    expect((await c.me())!.email).toBe(email);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const c = t.client();
    await c.signUp(uniqueEmail());
    const res = await c.patch('/api/account', 'email=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
  });

  it('serves public site settings', async () => {
    const res = await t.app.request('/api/site');
    expect(await res.json()).toEqual({ donateUrl: t.config.donateUrl, googleSignIn: false });
  });
});

describe('every answer', () => {
  it('is logged with its request id, method, path and status, errors and front-end pages included', async () => {
    const { logger, lines } = recordingLogger();
    const own = await createTestApp({ logger, pages: true });
    try {
      const answers = [await own.app.request('/healthz'), await own.app.request('/api/nope'), await own.app.request('/signin')];
      const logged = lines.filter((line) => line.msg === 'request').map((line) => line.fields);
      expect(logged).toEqual([
        expect.objectContaining({ method: 'GET', path: '/healthz', status: 200 }),
        expect.objectContaining({ method: 'GET', path: '/api/nope', status: 404 }),
        expect.objectContaining({ method: 'GET', path: '/signin', status: 200 }),
      ]);
      expect(logged.map((fields) => fields?.requestId)).toEqual(answers.map((res) => res.headers.get('x-request-id')));
      for (const res of answers) expectSecurityHeaders(res);
    } finally {
      await own.close();
    }
  });

  it('leaves the front end to paths no route claims: routes answer as before, other methods get a plain 404', async () => {
    const own = await createTestApp({ pages: true });
    try {
      expect(await (await own.app.request('/healthz')).json()).toEqual({ ok: true });
      expect((await own.app.request('/api/nope')).status).toBe(404);
      const page = await own.app.request('/signin');
      expect(page.headers.get('content-type')).toContain('text/html');
      const head = await own.app.request('/signin', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      const posted = await own.app.request('/signin', { method: 'POST' });
      expect(posted.status).toBe(404);
      expect(await posted.text()).toBe('404 Not Found');
      expectSecurityHeaders(posted);
    } finally {
      await own.close();
    }
  });
});

describe('the unhandled-error tripwire of the tests (issue 12)', () => {
  it('tells the test run when a request ends in an unhandled error', async () => {
    const own = await createTestApp();
    try {
      own.app.get('/test-only/boom', () => {
        throw new Error('boom');
      });
      // This test expects the report, so it takes console.error over from fail-on-console-error.ts.
      const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
      const res = await own.app.request('/test-only/boom');
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body.code).toBe('INTERNAL');
      // The id in the answer and in the log is the answer's own X-Request-Id.
      expect(body.requestId).toBe(res.headers.get('x-request-id'));
      expect(reported).toHaveBeenCalledTimes(1);
      expect(String(reported.mock.calls[0]![0])).toMatch(/unhandled error.*boom/);
    } finally {
      await own.close();
    }
  });
});
