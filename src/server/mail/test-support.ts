// Helpers for the mail tests: a real SMTP server in the test process, a clock tests move, and just enough
// MIME parsing to read a received message (no mail parser is installed).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Clock } from '../clock';

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  /** When the server accepted it (Date.now()). */
  at: number;
};

export type TestSmtpServer = {
  url: string;
  /** Messages the server accepted. */
  received: ReceivedMail[];
  /** How many DATA commands the server refused. */
  rejectedCount: number;
  close(): Promise<void>;
};

export type TestSmtpOptions = {
  /** Listen on this port (a fault drill starts the server again where the site sends); a free one by default. */
  port?: number;
  /** Add accepted messages to this list (kept across a stop and a new start); a new one by default. */
  received?: ReceivedMail[];
  /** Called as each message is accepted, before the sender hears so (a drill kills the sender right there). */
  onAccept?: (mail: ReceivedMail) => void;
  /** Refuse the first n messages with a temporary (451) error, then accept. */
  rejectFirst?: number;
  /** Refuse every message with this permanent error. */
  rejectAllWith?: string;
};

export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = options.received ?? [];
  const state = { rejectedCount: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() ends open connections (a sender's pool keeps them) after this, not after the default 30 s.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.rejectAllWith) {
          state.rejectedCount += 1;
          callback(Object.assign(new Error(options.rejectAllWith), { responseCode: 550 }));
          return;
        }
        if (state.rejectedCount < (options.rejectFirst ?? 0)) {
          state.rejectedCount += 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const { mailFrom, rcptTo } = session.envelope;
        const mail: ReceivedMail = {
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        received.push(mail);
        options.onAccept?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get rejectedCount() {
      return state.rejectedCount;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestClock = Clock & { advance(ms: number): void };

export function createTestClock(start = new Date('2025-03-01T12:00:00.000Z')): TestClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
}

export type ParsedMessage = {
  /** Unfolded header values by lower-case name (the first of each). */
  headers: Map<string, string>;
  /** Decoded body of each leaf part by content type, e.g. 'text/plain', 'text/html'. */
  parts: Map<string, string>;
};

export function parseMessage(raw: string): ParsedMessage {
  const { headers, body } = splitHeaders(raw);
  const parts = new Map<string, string>();
  collectParts(headers, body, parts);
  return { headers, parts };
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string>, body: string, into: Map<string, string>) {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitHeaders(section.replace(/^\n/, ''));
      collectParts(part.headers, part.body, into);
    }
    return;
  }
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  into.set(type, decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit'));
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}
