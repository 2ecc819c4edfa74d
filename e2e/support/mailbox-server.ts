import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server that stores each message it receives as <dir>/<n>.eml with its envelope recipients. */
export async function startMailbox(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = String(++n).padStart(5, '0');
        const rcpt = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        // The message first, then its envelope by rename: a reader that finds the .json finds both whole.
        fs.writeFileSync(path.join(dir, `${id}.eml`), Buffer.concat(chunks));
        fs.writeFileSync(path.join(dir, `${id}.json.part`), JSON.stringify({ rcpt }));
        fs.renameSync(path.join(dir, `${id}.json.part`), path.join(dir, `${id}.json`));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { dir, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
