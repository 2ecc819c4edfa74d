import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
const H = [['Content-Security-Policy', "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'"],['X-Content-Type-Options','nosniff'],['Referrer-Policy','same-origin'],['X-Frame-Options','DENY'],['Cross-Origin-Opener-Policy','same-origin-allow-popups'],['Cross-Origin-Resource-Policy','same-origin'],['Permissions-Policy','camera=(), microphone=(), geolocation=(), payment=()'],['X-Request-Id','562bede6-13a3-436f-aee6-7dbb923cc1a9']];
const M = process.env.MODE;
if (M.includes('als')) { const { AsyncLocalStorage } = await import('node:async_hooks'); const als = new AsyncLocalStorage(); als.run(1, () => {}); }
if (M.includes('mw3')) for (let i = 0; i < 3; i++) app.use('*', async (c, next) => { await next(); });
if (M === 'mw0') app.use('*', async (c, next) => { await next(); });
if (M === 'mw') app.use('*', async (c, next) => { await next(); for (const [k, v] of H) c.env.outgoing.setHeader(k, v); });
if (M === 'pre') app.use('*', async (c, next) => { for (const [k, v] of H) c.env.outgoing.setHeader(k, v); await next(); });
if (M === 'json') app.use('*', async (c, next) => { await next(); c.res.headers.get('content-type'); });
app.get('/healthz', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: +process.env.PORT, hostname: '127.0.0.1' });
process.on('SIGTERM', () => process.exit(0));
