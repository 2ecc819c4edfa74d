/**
 * The deployment guide's own files, run (issue 15): docs/deployment.md holds the environment file, the
 * systemd unit and the Caddyfile of "One small server". This reads them from the page, checks the
 * environment file is one the server accepts, starts the server with the unit's command and that
 * environment (on this machine's ports and folders), puts Caddy in front of it with the Caddyfile (the
 * domain made `localhost`, with Caddy's own local certificate authority instead of Let's Encrypt), and checks
 * the site through it: HTTPS, HTTP sent on to HTTPS, the pages, readiness, and an event stream that flows.
 *
 *   node --import tsx scripts/faults/deployment-guide.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/server/config';
import { freePort } from '../../src/server/testing/free-port';
import { atEnd, Checks, did, runDrill, scratch, startMailCatcher, waitUntil } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GUIDE = path.join(root, 'docs/deployment.md');

/** The fenced block of the guide whose info string carries `title=<name>`, without the list's indent. */
function block(markdown: string, name: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^\s*```/.test(l) && l.includes(`title=${name}`));
  if (start < 0) throw new Error(`docs/deployment.md has no block titled ${name}`);
  const indent = /^(\s*)/.exec(lines[start]!)![1]!.length;
  const end = lines.findIndex((l, i) => i > start && /^\s*```\s*$/.test(l));
  return lines
    .slice(start + 1, end)
    .map((l) => l.slice(indent))
    .join('\n');
}

/** KEY=VALUE lines (systemd's EnvironmentFile form). */
function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]!] = m[2]!;
  }
  return env;
}

/** One key of a unit file's section. */
function unitValue(unit: string, key: string): string {
  const m = new RegExp(`^${key}=(.*)$`, 'm').exec(unit);
  if (!m) throw new Error(`the unit has no ${key}=`);
  return m[1]!.trim();
}

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(
  url: string,
  opts: { ca?: Buffer; firstBytes?: boolean; method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  // The path as written (new URL would resolve dot segments and escapes, which the checks of /internal send on purpose).
  const u = new URL(url);
  const rawPath = /^[a-z]+:\/\/[^/]+(\/.*)?$/i.exec(url)?.[1] ?? '/';
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        host: '127.0.0.1',
        port: Number(u.port),
        path: rawPath,
        method: opts.method ?? 'GET',
        servername: u.hostname,
        ca: opts.ca,
        headers: { host: u.host, ...opts.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          // An event stream never ends: its first event is enough.
          if (opts.firstBytes && body.includes('\n\n')) {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
            req.destroy();
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error(`no answer from ${url} within 5 s`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

runDrill('the deployment guide, run', async () => {
  const checks = new Checks('deployment guide');
  const markdown = fs.readFileSync(GUIDE, 'utf8');
  const guideEnv = parseEnv(block(markdown, 'foster-network.env'));
  const unit = block(markdown, 'foster-network.service');
  const caddyfile = block(markdown, 'Caddyfile');

  // The environment file as written, but for the secret: its placeholder must be refused, saying how to make one
  // (issue 23), and the guide's command for one must make a secret the server takes.
  let placeholder = 'accepted';
  try {
    loadConfig(guideEnv);
  } catch (err) {
    placeholder = (err as Error).message.split('\n').find((l) => l.includes('SESSION_SECRET')) ?? (err as Error).message;
  }
  checks.check(
    "the guide's placeholder secret is refused, saying how to make one",
    /SESSION_SECRET: .*openssl rand -base64 32/.test(placeholder),
    placeholder.trim(),
  );
  const made = spawnSync('openssl', ['rand', '-base64', '32'], { encoding: 'utf8' });
  guideEnv.SESSION_SECRET = made.status === 0 ? made.stdout.trim() : randomBytes(32).toString('base64');
  let accepted = '';
  try {
    const config = loadConfig(guideEnv);
    accepted = `${config.env}, ${config.publicUrl}, proxy trusted: ${config.trustProxy}`;
  } catch (err) {
    accepted = `refused: ${(err as Error).message}`;
  }
  checks.check(
    "the guide's environment file, with a secret made as it says, is one the server accepts",
    !accepted.startsWith('refused'),
    accepted,
  );
  const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  if (caddy.status !== 0) throw new Error('Caddy is not installed (apt-get install -y caddy): the guide puts it in front of the site');

  // This machine's ports and folders in place of the guide's.
  const dir = scratch('guide');
  const [port, httpsPort, httpPort] = [await freePort(), await freePort(), await freePort()];
  const mail = await startMailCatcher();
  const env: Record<string, string> = {
    ...guideEnv,
    PORT: String(port),
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    DATA_DIR: path.join(dir, 'data'),
    SMTP_URL: mail.url,
    LOG_LEVEL: 'warn',
  };
  // The unit's command, from its working directory (here, this checkout), with the environment file's values.
  // Its program is the app's own node (decision 054): the same path under this checkout.
  const [program, ...args] = unitValue(unit, 'ExecStart').split(/\s+/) as [string, ...string[]];
  const workDir = unitValue(unit, 'WorkingDirectory');
  const here = program.startsWith(`${workDir}/`) ? path.join(root, program.slice(workDir.length + 1)) : program;
  const node = fs.existsSync(here) ? here : process.execPath;
  const log = fs.openSync(path.join(dir, 'server.log'), 'a');
  const server = spawn(node, args, { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', log, log] });
  atEnd(() => server.kill('SIGTERM'));
  did(`started \`${unitValue(unit, 'ExecStart')}\` with the guide's environment (${Object.keys(guideEnv).length} settings)`);
  const up = await waitUntil(
    'the server answers',
    async () => (await get(`http://127.0.0.1:${port}/healthz`).catch(() => ({ status: 0 }))).status === 200,
    { timeoutMs: 60_000 },
  );
  if (!up) throw new Error(`the server did not answer within 60 s (its log: ${path.join(dir, 'server.log')})`);

  // The Caddyfile as written, for localhost on free ports, with Caddy's local authority and no admin port.
  const site = caddyfile.replace('site.example.org', 'localhost').replace('127.0.0.1:3000', `127.0.0.1:${port}`);
  const storage = path.join(dir, 'caddy');
  const config = `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tstorage file_system ${storage}\n}\n\n${site}\n`;
  fs.writeFileSync(path.join(dir, 'Caddyfile'), config);
  const validated = spawnSync('caddy', ['validate', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    encoding: 'utf8',
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  });
  checks.check('Caddy accepts the Caddyfile', validated.status === 0, validated.status === 0 ? undefined : validated.stderr.slice(-400));
  const proxy = spawn('caddy', ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', fs.openSync(path.join(dir, 'caddy.log'), 'a'), fs.openSync(path.join(dir, 'caddy.log'), 'a')],
  });
  atEnd(() => proxy.kill('SIGTERM'));
  const rootCert = path.join(storage, 'pki/authorities/local/root.crt');
  const base = `https://localhost:${httpsPort}`;
  const proxied = await waitUntil(
    'Caddy serves HTTPS',
    async () =>
      fs.existsSync(rootCert) &&
      (await get(`${base}/healthz`, { ca: fs.readFileSync(rootCert) }).catch(() => ({ status: 0 }))).status === 200,
    { timeoutMs: 30_000 },
  );
  if (!proxied) throw new Error(`Caddy did not serve HTTPS within 30 s (its log: ${path.join(dir, 'caddy.log')})`);
  const ca = fs.readFileSync(rootCert);
  did(`Caddy in front on https://localhost:${httpsPort} (its local certificate authority standing in for Let's Encrypt)`);

  const ready = await get(`${base}/readyz`, { ca });
  checks.check('the site is ready through the proxy, over HTTPS', ready.status === 200, `${ready.status} ${ready.body.slice(0, 60)}`);
  const page = await get(`${base}/`, { ca });
  checks.check(
    'the landing page comes through with its security headers',
    page.status === 200 && page.body.includes('<div id="root"') && Boolean(page.headers['content-security-policy']),
    `${page.status}, ${page.body.length} bytes`,
  );
  const plain = await get(`http://localhost:${httpPort}/discuss`);
  checks.check(
    'plain HTTP is sent on to HTTPS',
    // To the same path over HTTPS (Caddy leaves a port of its own out of the address: 443 in production).
    [301, 302, 307, 308].includes(plain.status) && /^https:\/\/localhost(:\d+)?\/discuss$/.test(plain.headers.location ?? ''),
    `${plain.status} → ${plain.headers.location}`,
  );
  // The admin command line's control routes answer loopback only, and Caddy runs on this machine: the Caddyfile
  // must refuse them (issue 23), however the path is spelled. The server itself answers them with the token.
  const control = JSON.parse(fs.readFileSync(path.join(env.DATA_DIR!, 'control.json'), 'utf8')) as { token: string };
  const controlCall = (url: string) =>
    get(url, {
      ca,
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${control.token}` },
    });
  const direct = await controlCall(`http://127.0.0.1:${port}/internal/reset-2fa`);
  const spellings = [
    '/internal/reset-2fa',
    '/%69nternal/reset-2fa',
    '//internal/reset-2fa',
    '/x/../internal/reset-2fa',
    '/INTERNAL/reset-2fa',
  ];
  const through = await Promise.all(spellings.map(async (p) => `${p} ${(await controlCall(`${base}${p}`)).status}`));
  checks.check(
    'the control routes answer the command line on the machine, and not through the proxy',
    direct.status === 400 && through.every((line) => !line.endsWith(' 400') && !line.endsWith(' 200')),
    `direct ${direct.status}; through Caddy: ${through.join(', ')}`,
  );
  const started = Date.now();
  const stream = await get(`${base}/api/live?topics=posts`, { ca, firstBytes: true });
  const streamMs = Date.now() - started;
  checks.check(
    "an event stream's first event comes through the proxy at once",
    stream.status === 200 && stream.body.includes('event: ready') && streamMs < 2_000,
    `${stream.status}, ${streamMs} ms`,
  );
  checks.finish([
    ['environment file', accepted],
    ['service command', unitValue(unit, 'ExecStart')],
    ['proxy', `Caddy ${caddy.stdout.trim().split(' ')[0]}, https://localhost:${httpsPort} → 127.0.0.1:${port}`],
    ['first event through the proxy', `${streamMs} ms`],
  ]);
});
