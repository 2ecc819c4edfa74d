import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RunObserver } from '../jobs';
import type { Logger } from '../logger';
import { AppError } from './errors';

// GET /metrics for Prometheus (issue 15, decision 022): what the site does (requests, mail, live streams,
// the database) in one registry per app, beside the process's own metrics (memory, CPU, event loop, GC).
// Every name and label is in this file, so docs/operations.md can be checked against one place.

/** What the metrics read when Prometheus asks, from the parts that know (app.ts wires them). */
export type PoolState = { total: number; idle: number; waiting: number; max: number };
export type MetricSources = {
  /** Mail not delivered, by state, and when the oldest still to be delivered was queued (from the database). */
  outbox: () => Promise<{ byState: Record<string, number>; oldestWaitingSince: Date | null }>;
  /** The PostgreSQL connection pool; PGlite has none. */
  pool?: () => PoolState;
  now: () => Date;
};

export type Metrics = {
  /** Times every request, by method, route pattern and status; put it first, so it times all the others. */
  timeRequests: MiddlewareHandler;
  /** GET /metrics: the Prometheus text for a request with the right bearer token, 401 otherwise. */
  scrape(c: Context): Promise<Response>;
  /** Records one database query's duration (Database.onQuery). */
  observeQuery: (seconds: number) => void;
  /** Told the number of live event streams open on this instance whenever it changes. */
  setLiveStreams: (open: number) => void;
  /** Told of each background job's run, or tick skipped (the job runner's onRun, decision 030). */
  observeJob: RunObserver;
  /** Gives every job its series at 0 before it first runs, so a job that never ran shows as such. */
  declareJobs: (names: readonly string[]) => void;
  registry: Registry;
};

/** Seconds. Answers kept in memory take well under a millisecond; 50 ms is the reads' p99 goal (docs/performance.md). */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Methods get their own label; anything else one, so a client inventing methods cannot add series. The route
 * is Hono's pattern (`/api/posts/:id`), never the path asked for, for the same reason.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

let processRegistry: Registry | undefined;
/**
 * Node's and the process's metrics (prom-client's defaults), once per process: they describe the process,
 * not one app in it, and each registration starts its own event-loop and GC observers (tests build many
 * apps in one process).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The token, if the header is `Bearer <token>` (the scheme in any case, as HTTP has it). */
function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^bearer +(\S+) *$/i.exec(header) : null;
  return match?.[1];
}

export type MetricsOptions = {
  token: string;
  sources: MetricSources;
  logger: Logger;
  /**
   * Routes a wildcard hands to a handler of its own (Better Auth's open routes, under `/api/auth/*`), as
   * "METHOD /path": labelled by their path, so a sign-in is not counted with a sign-up. Any other path under
   * the wildcard keeps the wildcard's label.
   */
  routesUnderWildcards?: ReadonlySet<string>;
};

export function createMetrics({ token, sources, logger, routesUnderWildcards = new Set() }: MetricsOptions): Metrics {
  const registry = new Registry();
  const expected = digest(token);

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to its answer starting (an event stream counts until it opens), by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status, by method, route pattern and status. A 500 is always a bug: its log line has the request id.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: "Time from a query's sending to its answer. On PGlite it includes waiting for the query before it (one connection in the process).",
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const liveStreams = new Gauge({
    name: 'live_streams_open',
    help: 'Live update streams (GET /api/live, Server-Sent Events) open on this instance.',
    registers: [registry],
  });
  const outboxItems = new Gauge({
    name: 'mail_outbox_items',
    help: 'Mail not delivered, by state: PENDING and RETRY wait to be sent, PROCESSING is being sent, ERROR was given up after 5 attempts. NaN: the database could not be read.',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const oldestWaiting = new Gauge({
    name: 'mail_outbox_oldest_waiting_seconds',
    help: 'Age of the oldest mail still to be delivered (PENDING, RETRY or PROCESSING), from when it was queued; 0 when none waits. NaN: the database could not be read.',
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of each background job on this instance that did its work or failed at it (decision 030); a period claimed by another instance is not one.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Runs of each background job that failed (logged as "job failed", with the job); the next tick or period tries again.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobSkipped = new Counter({
    name: 'job_skipped_ticks_total',
    help: 'Ticks of each background job that came while its run was still going, and were skipped.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: 'job_last_success_timestamp_seconds',
    help: 'When each background job last ended well on this instance (Unix time); 0 when it has not yet.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobLastDuration = new Gauge({
    name: 'job_last_run_duration_seconds',
    help: "How long each background job's last run on this instance took, whether it ended well or not.",
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const pool = sources.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (s: PoolState) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool()));
        },
      });
    poolGauge('db_pool_connections', 'PostgreSQL connections the pool holds open, busy or idle.', (s) => s.total);
    poolGauge('db_pool_idle_connections', 'PostgreSQL connections open and idle.', (s) => s.idle);
    poolGauge('db_pool_waiting_queries', 'Queries waiting for a connection, every one being busy.', (s) => s.waiting);
    poolGauge('db_pool_max_connections', 'The most connections the pool opens.', (s) => s.max);
  }

  /** The outbox is read at scrape time, one query for both gauges; unreadable, they say NaN rather than 0. */
  async function readOutbox() {
    try {
      const depth = await sources.outbox();
      for (const [state, count] of Object.entries(depth.byState)) outboxItems.set({ state }, count);
      const since = depth.oldestWaitingSince;
      oldestWaiting.set(since ? Math.max(0, (sources.now().getTime() - since.getTime()) / 1000) : 0);
    } catch (err) {
      logger.warn('metrics: could not read the mail outbox', { err });
      for (const value of (await outboxItems.get()).values) outboxItems.set(value.labels, NaN);
      oldestWaiting.set(NaN);
    }
  }

  return {
    registry,
    timeRequests: async (c, next) => {
      const started = performance.now();
      await next();
      const seconds = (performance.now() - started) / 1000;
      const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
      let route = routePath(c);
      if (route.endsWith('*') && routesUnderWildcards.has(`${method} ${c.req.path}`)) route = c.req.path;
      const labels = { method, route, status: c.res.status };
      requests.observe(labels, seconds);
      if (labels.status >= 500) serverErrors.inc(labels);
    },
    async scrape(c) {
      const given = bearerToken(c.req.header('authorization'));
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        throw new AppError('UNAUTHENTICATED', 'The metrics need their token: send Authorization: Bearer <METRICS_TOKEN>.', undefined, {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        });
      }
      await readOutbox();
      const text = (await processMetrics().metrics()) + (await registry.metrics());
      return c.body(text, 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
    },
    observeQuery: (seconds) => queries.observe(seconds),
    setLiveStreams: (open) => liveStreams.set(open),
    observeJob: ({ job, outcome, seconds, at }) => {
      if (outcome === 'skipped') {
        jobSkipped.inc({ job });
        return;
      }
      jobRuns.inc({ job });
      jobLastDuration.set({ job }, seconds);
      if (outcome === 'success') jobLastSuccess.set({ job }, at.getTime() / 1000);
      else jobFailures.inc({ job });
    },
    declareJobs: (names) => {
      for (const job of names) {
        for (const counter of [jobRuns, jobFailures, jobSkipped]) counter.inc({ job }, 0);
        jobLastSuccess.set({ job }, 0);
      }
    },
  };
}
