// A new visitor's first answer while the server is under load (issue 24, decision 031): a new connection
// every `everyMs`, each sending one GET, timed from opening the connection to the answer's first byte (its
// status line and headers). Meanwhile the listening socket's accept queue (connections the kernel completed
// that the server has not taken yet) is read from /proc on Linux.
import fs from 'node:fs';
import http from 'node:http';

export type NewConnectionResult = {
  /** Time to first byte of each new connection's answer, in ms. */
  firstByteMs: number[];
  /** Probes that failed (refused, reset) or got no answer before the end. */
  failed: number;
  /** The most connections seen waiting in the accept queue (NaN where /proc/net/tcp cannot be read). */
  acceptQueueMax: number;
};

/** The nearest-rank percentile of `xs` (p from 0 to 1); NaN for none. */
export function percentileOf(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

/** "p50 … p95 … p99 … max … (n=…)" of a probe's first bytes. */
export function describeFirstBytes(result: NewConnectionResult): string {
  const ms = (x: number) => `${Math.round(x)} ms`;
  const xs = result.firstByteMs;
  return (
    `p50 ${ms(percentileOf(xs, 0.5))}  p95 ${ms(percentileOf(xs, 0.95))}  p99 ${ms(percentileOf(xs, 0.99))}  max ${ms(Math.max(...xs))}` +
    `  (n=${xs.length}${result.failed ? `, ${result.failed} failed` : ''}; accept queue max ${result.acceptQueueMax})`
  );
}

/**
 * Connections waiting to be accepted on a listening TCP socket of this port: for a socket in LISTEN state
 * (0A), Linux shows its accept queue's length as rx_queue in /proc/net/tcp{,6}.
 */
export function acceptQueue(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let most = NaN;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(`:${hexPort}`)) continue;
      const waiting = parseInt(queues!.split(':')[1]!, 16);
      most = Number.isNaN(most) ? waiting : Math.max(most, waiting);
    }
  }
  return most;
}

/** Starts probing `base` + `path`; `stop()` ends it and answers once every probe sent has ended (30 s at most). */
export function probeNewConnections(base: string, opts: { path?: string; everyMs?: number; headers?: Record<string, string> } = {}) {
  const url = new URL(opts.path ?? '/api/posts', base);
  const port = Number(url.port);
  const firstByteMs: number[] = [];
  let failed = 0;
  let acceptQueueMax = NaN;
  const inFlight = new Set<Promise<void>>();
  const requests = new Set<http.ClientRequest>();

  const probe = () => {
    const sample = acceptQueue(port);
    if (!Number.isNaN(sample)) acceptQueueMax = Number.isNaN(acceptQueueMax) ? sample : Math.max(acceptQueueMax, sample);
    const sent = performance.now();
    const done = new Promise<void>((resolve) => {
      // agent: false, a connection of its own that closes after the answer, as a new visitor's.
      const req = http.get(url, { agent: false, headers: opts.headers }, (res) => {
        firstByteMs.push(performance.now() - sent);
        res.resume();
        res.on('end', resolve);
        res.on('error', resolve);
      });
      requests.add(req);
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.on('close', () => requests.delete(req));
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  const timer = setInterval(probe, opts.everyMs ?? 100);

  return {
    async stop(): Promise<NewConnectionResult> {
      clearInterval(timer);
      const waited = await Promise.race([
        Promise.all(inFlight).then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 30_000).unref()),
      ]);
      if (!waited) {
        failed += requests.size;
        for (const req of requests) req.destroy();
      }
      return { firstByteMs, failed, acceptQueueMax };
    },
  };
}
