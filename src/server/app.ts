import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { JSON_BODY_MAX_BYTES } from '../shared/limits';
import { accountRoutes } from './account/routes';
import { analyticsRoutes } from './analytics/routes';
import { adminRoutes } from './admin/routes';
import { churchAdminRoutes } from './churches/admin-routes';
import { needApprovalRoutes } from './needs/approvals-routes';
import { setAdmin } from './admin/roles';
import { resetTwoFactor } from './admin/second-factor';
import { createAuth, trustedOrigins } from './auth/auth';
import { copyPgliteFolder } from './backup';
import { churchPublicRoutes } from './churches/public-routes';
import { contactRoutes } from './contact/routes';
import { directoryRoutes } from './directory/routes';
import { forumRoutes } from './forum/routes';
import { authRoutes, OPEN_AUTH_ROUTES } from './auth/routes';
import { loadSession, sessionCookieName } from './auth/session';
import { i18nOf, later } from './i18n';
import { readSessionCookie } from './auth/session-cookie';
import { createSessionCache } from './auth/session-cache';
import type { AuthVariables } from './http/session';
import type { SiteConfig } from '../shared/boot';
import type { AppDeps } from './deps';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, errorBody, STORAGE_UNAVAILABLE_MESSAGE } from './http/errors';
import { pgliteDir } from './db/client';
import { StorageUnavailableError } from './storage/storage';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable';
import { answerEveryRequest, requestIdOf } from './http/every-answer';
import { unless } from './http/unless';
import { foreignOriginLog, requireSameOrigin } from './http/same-origin';
import { checkResponses, contractRouter, guarded } from './http/contracts';
import { createResponseCache } from './http/response-cache';
import { createMetrics } from './http/metrics';
import { createJobRunner } from './jobs';
import type { MailWorker } from './mail/worker';
import { outboxDepth } from './mail';
import * as publicContracts from '../shared/contracts/public';
import { AUTH_ROUTES } from '../shared/contracts/auth';
import { readJson } from './http/validate';
import { clientIp, isLoopback, socketAddress } from './http/client-ip';
import { isPhotoUpload, profileRoutes } from './profiles/routes';
import { churchMemberRoutes, isChurchPhotoUpload } from './churches/member-routes';
import { liveRoutes } from './live/routes';
import { notificationRoutes } from './notifications/routes';
import { UNSUBSCRIBE_PATH as ONE_CLICK_UNSUBSCRIBE_PATH } from './notifications/service';
import { createRateLimiter } from './rate-limit/rate-limit';
import { createResourceLibrary } from './resources/library';
import { resourceRoutes } from './resources/routes';
import { statesRoutes } from './states/routes';
import { churchMapRoutes } from './churches/map-routes';
import { needRoutes } from './needs/routes';
import { needResponseRoutes } from './needs/respond-routes';
import { careCalendarRoutes } from './care/calendar-routes';
import { needFiguresRoutes } from './needs/figures-routes';
import { needAlertRoutes } from './needs/alert-routes';
import { careTeamRoutes } from './care/team-routes';
import { clearanceRoutes } from './care/clearance-routes';
import { careFeedRoutes } from './care/feed-routes';
import { remindClaimers } from './care/reminders';
import { careSpaceRoutes } from './care/space-routes';
import { careFiguresRoutes } from './care/figures-routes';
import { myDataRoutes } from './my-data/routes';
import { NEEDS_TOPIC } from './needs';
import { JOBS, siteJobs } from './site-jobs';
import { frontEnd } from './web/static';

export type AppVariables = AuthVariables;
export type AppOptions = {
  /** Secret the admin command line uses to reach a running server (see scripts/admin.ts). */
  controlToken?: string;
  /** Folder of the built front end; tests of the API alone leave it out. */
  distDir?: string | null;
  /** Tests: every JSON answer must match its contract (src/server/http/contracts.ts). */
  checkResponses?: boolean;
  /** The server's mail worker: its delivery becomes one of the app's jobs (site-jobs.ts). */
  mailWorker?: MailWorker;
  /** This instance's name in what its jobs claim; unique per process unless told. */
  instance?: string;
};

/** Builds the whole HTTP app from its dependencies. main.ts serves it; tests call app.request(). */
export function buildApp(deps: AppDeps, options: AppOptions = {}) {
  const { config, database, logger } = deps;
  const db = database.db;
  const limiter = createRateLimiter(db, deps.clock);
  // Public answers kept in memory until the live bus announces a change to them (issue 14).
  const answers = createResponseCache(deps.live);
  // Who a session cookie names, kept until the bus announces a change to that account's sessions.
  const sessions = createSessionCache(deps.live);
  const auth = createAuth({ config, db, outbox: deps.outbox, logger, live: deps.live, limiter });
  const app = new Hono<{ Variables: AppVariables }>();
  const site: SiteConfig = { donateUrl: config.donateUrl, googleSignIn: config.google !== undefined };
  // Prometheus metrics, only when a token is set (decision 022): off, nothing is measured and /metrics is unknown.
  const metrics = config.metricsToken
    ? createMetrics({
        token: config.metricsToken,
        logger,
        sources: { outbox: () => outboxDepth(db), pool: database.poolStats, now: () => deps.clock.now() },
        routesUnderWildcards: new Set(OPEN_AUTH_ROUTES.map((route) => route.replace(' ', ' /api/auth'))),
      })
    : undefined;
  if (metrics) {
    database.onQuery(metrics.observeQuery);
    app.use('*', metrics.timeRequests);
  }
  // The background work (decision 030), declared in site-jobs.ts: main.ts starts the runner, tests run jobs by name.
  const jobs = createJobRunner({
    db,
    clock: deps.clock,
    logger: logger.child({ part: 'jobs' }),
    instance: options.instance,
    onRun: metrics?.observeJob,
  });
  // The printables and their thumbnails: served by the routes, drawn ahead by a job (site-jobs.ts).
  const resources = createResourceLibrary(
    { publicUrl: config.publicUrl },
    { storage: deps.storage, logger: logger.child({ part: 'resources' }) },
  );
  jobs.add(...siteJobs({ deps, limiter, answers, resources, mailWorker: options.mailWorker }));
  metrics?.declareJobs(jobs.statuses().map((j) => j.name));
  // A need put on the board (or changed) is announced at once rather than at the job's next look.
  deps.live.subscribe((event) => {
    if (event.topic === NEEDS_TOPIC) jobs.trigger(JOBS.needAnnounce);
  });

  // What every answer gets (request id, gzip, security headers, the debug log line), around the app's fetch
  // rather than in a middleware: a route without middleware of its own then answers without a promise
  // (http/every-answer.ts; docs/performance.md, "The cost of every request"). Whoever serves or calls the app
  // (main.ts, tests' app.request()) goes through app.fetch, routes added later included.
  app.fetch = answerEveryRequest(app.fetch, {
    // The header is read only behind a proxy we trust: reading one costs a trivial request a few microseconds.
    https: (forwardedProto) => config.publicUrl.startsWith('https://') || (config.trustProxy && forwardedProto() === 'https'),
    logger,
  });
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_MAX_BYTES,
    onError: () => {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        later(/*i18n*/ 'The request body is larger than {size} KB.', { size: JSON_BODY_MAX_BYTES / 1024 }),
      );
    },
  });
  // The photo uploads (a member's, a church's) take a larger body, under their own limit (photo-upload.ts). A GET
  // or HEAD has no body to limit, and asking for one makes @hono/node-server build undici's whole Request.
  app.use(
    '/api/*',
    unless(
      (c) =>
        c.req.method === 'GET' ||
        c.req.method === 'HEAD' ||
        isPhotoUpload(c.req.method, c.req.path) ||
        isChurchPhotoUpload(c.req.method, c.req.path),
      jsonBodyLimit,
    ),
  );

  app.onError((err, c) => {
    // Every failure is answered in the asker's language (decision 043).
    const i18n = i18nOf(c);
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json(err.toJSON(i18n), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // The contracts' input checks (@hono/zod-openapi) answer in our words, as readJson did.
      if (err.status === 415) return c.json(errorBody('UNSUPPORTED_MEDIA_TYPE', /*i18n*/ 'Send the body as application/json.', i18n), 415);
      if (err.status === 400 && /malformed json/i.test(err.message)) return c.json(errorBody('BAD_JSON', undefined, i18n), 400);
      return c.json(errorBody('BAD_REQUEST', err.message || undefined, i18n), err.status);
    }
    const requestId = requestIdOf(c.req.raw);
    if (err instanceof StorageUnavailableError) {
      // The bucket (or folder) of photos is out of reach: not a bug of ours, and the request may be sent again.
      logger.warn('file storage unavailable', { requestId, method: c.req.method, path: c.req.path, err: err.message });
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(errorBody('UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE, i18n), 503);
    }
    if (isDatabaseUnavailable(err)) {
      // Not a bug of ours: the database is stopped, out of reach or too slow. The request may be sent again.
      logger.warn('database unavailable', { requestId, method: c.req.method, path: c.req.path, err: describeError(err) });
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(errorBody('UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, i18n), 503);
    }
    logger.error('unhandled error', { requestId, method: c.req.method, path: c.req.path, err });
    return c.json({ ...errorBody('INTERNAL', undefined, i18n), requestId }, 500);
  });

  app.get('/healthz', (c) => c.json({ ok: true }));
  if (metrics) app.get('/metrics', (c) => metrics.scrape(c));
  // Ready means the database answers. The file storage is checked once, at start (main.ts), not here: every
  // instance shares the one bucket, so a bucket that stops answering would take every instance out of the
  // balancer at once, and the whole site down with it, when only photos are missing (decision 021).
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await database.ping();
    } catch (err) {
      logger.warn('readiness check failed', { err: describeError(err) });
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(errorBody('UNAVAILABLE', /*i18n*/ 'The database does not answer.', i18nOf(c)), 503);
    }
    // Deaf to the bus, this instance would miss other instances' changes (live pages, what it keeps in memory).
    if (!deps.live.isListening()) {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(errorBody('UNAVAILABLE', /*i18n*/ 'Live updates are reconnecting to the database.', i18nOf(c)), 503);
    }
    return c.json({ ok: true, database: database.kind });
  });

  // A request refused as from another site is logged, now and then (same-origin.ts).
  const onForeignOrigin = foreignOriginLog({
    logger,
    clock: deps.clock,
    publicUrl: config.publicUrl,
    clientOf: (c) => clientIp(c, config.trustProxy),
  });
  app.route('/api/auth', authRoutes(deps, auth, limiter, { onForeignOrigin }));

  const api = contractRouter();
  // A mail program's one-click unsubscribe (RFC 8058) posts from its own servers, with no cookie: the signed
  // token in the address is all it carries and all that is needed.
  api.use(
    '*',
    unless((c) => c.req.path === ONE_CLICK_UNSUBSCRIBE_PATH, requireSameOrigin(trustedOrigins(config), { onRefused: onForeignOrigin })),
  );
  api.use('*', loadSession(auth, sessions, { publicUrl: config.publicUrl, logger }));
  if (options.checkResponses) api.use('*', checkResponses);
  const routes = api
    .openapi(guarded(deps, publicContracts.getSite), (c) => c.json(site, 200))
    .route('/', accountRoutes(deps, auth, limiter, answers))
    .route('/', statesRoutes(deps, answers))
    // Before any router with /churches/{id}: 'map', 'pick' and 'proposals' are no church's id.
    .route('/', churchMapRoutes(deps, answers))
    // Before the needs board's routes: 'figures' is no need's id.
    .route('/', needFiguresRoutes(deps, answers))
    .route('/', churchMemberRoutes(deps, limiter))
    .route('/', needAlertRoutes(deps))
    .route('/', clearanceRoutes(deps))
    .route('/', careFeedRoutes(deps, limiter))
    .route('/', careSpaceRoutes(deps, limiter))
    .route('/', careFiguresRoutes(deps))
    .route('/', myDataRoutes(deps, limiter))
    .route('/', analyticsRoutes(deps, limiter))
    .route('/', liveRoutes(deps, deps.live, { onOpenStreams: metrics?.setLiveStreams }))
    .route('/', forumRoutes(deps, limiter, answers))
    .route('/', notificationRoutes(deps, answers))
    .route('/', profileRoutes(deps, limiter, answers))
    .route('/', directoryRoutes(deps, limiter, answers))
    .route('/', contactRoutes(deps, limiter))
    .route('/', resourceRoutes(deps, resources))
    .route('/', adminRoutes(deps, jobs))
    .route('/', churchAdminRoutes(deps))
    // Before the needs board's routes: /needs/approve/{token} is no need's id.
    .route('/', needApprovalRoutes(deps, limiter))
    .route('/', needResponseRoutes(deps, limiter))
    .route('/', careTeamRoutes(deps, limiter))
    .route('/', careCalendarRoutes(deps, limiter))
    // Last of the churches' routes: its GET /churches/{id} would answer for /churches/map and the like.
    .route('/', churchPublicRoutes(deps, limiter, answers))
    .route('/', needRoutes(deps, limiter, answers));
  // Better Auth's open routes are served by app.route('/api/auth') above; the document describes them too.
  for (const route of AUTH_ROUTES) api.openAPIRegistry.registerPath(route);
  // Made at its first request and kept: its routes and address are fixed for the life of the process, and making it
  // costs about 150 ms of CPU, which any visitor could otherwise ask for again and again (@hono/zod-openapi's
  // doc31() makes it anew for every request).
  let openApiDocument: string | undefined;
  api.get('/openapi.json', (c) => {
    openApiDocument ??= JSON.stringify(
      api.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title: 'Foster care network API', version: '1', description: 'The API the site itself uses (docs/architecture.md).' },
        servers: [{ url: `${config.publicUrl}/api` }],
      }),
    );
    return c.body(openApiDocument, 200, { 'content-type': 'application/json' });
  });
  api.all('*', (c) =>
    c.json(
      errorBody('NOT_FOUND', later(/*i18n*/ 'No API route {method} {path}.', { method: c.req.method, path: c.req.path }), i18nOf(c)),
      404,
    ),
  );
  app.route('/api', api);

  if (options.controlToken) app.route('/internal', internalRoutes(deps, options.controlToken));
  if (options.distDir !== null) {
    const cookieName = sessionCookieName(auth);
    const pages = {
      site,
      publicUrl: config.publicUrl,
      allowPseudo: config.env === 'test',
      hasSessionCookie: async (c: Context) => readSessionCookie(c.req.raw.headers, await cookieName).kind === 'one',
    };
    app.notFound(frontEnd(options.distDir, pages));
  }

  return { app, auth, limiter, routes, jobs };
}

/** The driver's own words, without the statement and parameters Drizzle's wrapper repeats. */
function describeError(err: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = err; e instanceof Error && messages.length < 4; e = e.cause) messages.push(e.message.split('\n')[0]!);
  return messages.join(' ← ');
}

const roleChangeSchema = z.object({ email: z.string().email(), isAdmin: z.boolean() });
const accountSchema = z.object({ email: z.string().email() });
const clockSchema = z.object({ at: z.iso.datetime() });
const backupCopySchema = z.object({
  into: z
    .string()
    .min(2)
    .max(4096)
    .refine((p) => path.isAbsolute(p), 'must be an absolute path'),
});

/** Loopback-only control calls from the admin command line, authorised by the token in DATA_DIR. */
function internalRoutes(deps: AppDeps, token: string) {
  const app = new Hono();
  const expected = Buffer.from(`Bearer ${token}`);
  app.use('*', async (c, next) => {
    // The command line runs on this machine: a call from anywhere else is not one, token or not. The socket's
    // address, never X-Forwarded-For; a proxy on this machine arrives from loopback too, so the deployment
    // guide's Caddyfile refuses /internal/* itself. No socket: app.request() in tests, this very process.
    const from = socketAddress(c);
    if (from !== undefined && !isLoopback(from)) throw new AppError('NOT_FOUND', `No route ${c.req.method} ${c.req.path}.`);
    const given = Buffer.from(c.req.header('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('FORBIDDEN');
    await next();
  });
  // The end-to-end journeys' test clock (NODE_ENV=test only): the care calendar's day-before reminders run as of
  // the time given, as the job would then. A server in development or production answers 404.
  app.post('/care/remind', async (c) => {
    if (deps.config.env !== 'test') throw new AppError('NOT_FOUND', `No route ${c.req.method} ${c.req.path}.`);
    const { at } = await readJson(c, clockSchema);
    return c.json(await remindClaimers(deps, { now: new Date(at) }));
  });
  app.post('/admin-role', async (c) => {
    const change = await readJson(c, roleChangeSchema);
    const result = await setAdmin({ db: deps.database.db, live: deps.live, clock: deps.clock }, change);
    if (!result.ok) throw new AppError('NOT_FOUND', `No account uses the email ${change.email}.`);
    deps.logger.info('admin role changed', { email: result.email, isAdmin: result.isAdmin, via: 'cli' });
    return c.json(result);
  });
  app.post('/reset-2fa', async (c) => {
    const { email } = await readJson(c, accountSchema);
    const result = await resetTwoFactor({ db: deps.database.db, live: deps.live, clock: deps.clock }, { email });
    if (!result.ok) throw new AppError('NOT_FOUND', `No account uses the email ${email}.`);
    deps.logger.info('two-step sign-in reset', { email: result.email, hadFactor: result.hadFactor, via: 'cli' });
    return c.json(result);
  });
  // `npm run backup` on the embedded database, which only this process may open: a copy of its folder at one
  // instant, into the empty folder the command line made for it, and what it holds (decision 023).
  app.post('/backup/database', async (c) => {
    const { into } = await readJson(c, backupCopySchema);
    const pglite = deps.database.pglite;
    const folder = pgliteDir(deps.config.dataDir);
    if (!pglite || !fs.existsSync(path.join(folder, 'PG_VERSION'))) {
      throw new AppError('NOT_FOUND', 'This server does not hold an embedded database in its data folder.');
    }
    if (!fs.statSync(into, { throwIfNoEntry: false })?.isDirectory() || fs.readdirSync(into).length) {
      throw new AppError('BAD_REQUEST', `${into} is not an empty folder.`);
    }
    const started = performance.now();
    const copy = await copyPgliteFolder(pglite, folder, into);
    const bytes = copy.files.reduce((sum, f) => sum + f.size, 0);
    // How long the site's queries waited for the copy.
    deps.logger.info('database copied for a backup', {
      files: copy.files.length,
      bytes,
      ms: Math.round(performance.now() - started),
      via: 'cli',
    });
    return c.json(copy);
  });
  return app;
}

export type App = ReturnType<typeof buildApp>['app'];
/** The API's routes with their contracts' types: what the browser's client (src/web/lib/api-client.ts) is typed from. */
export type Api = ReturnType<typeof buildApp>['routes'];
