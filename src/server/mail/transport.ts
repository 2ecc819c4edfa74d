import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailItem } from './outbox';

/** The part of a mail item a transport needs. */
export type OutgoingMail = Pick<MailItem, 'id' | 'date' | 'to' | 'replyTo' | 'message'>;

export type SendResult = {
  messageId: string;
  /** Stored in the item's `info` on success (accepted recipients, server response, file written, …). */
  info?: Record<string, unknown>;
};

export type MailTransport = {
  kind: 'smtp' | 'file';
  /** Resolves once the message is handed over (SMTP server accepted it, or the file is in place); rejects otherwise. */
  send(item: OutgoingMail): Promise<SendResult>;
  close(): Promise<void>;
};

export type MailTransportOptions = {
  /** smtp:// or smtps:// URL; without it messages are written as .eml files under `<dataDir>/mail/`. */
  smtpUrl?: string;
  dataDir: string;
  /** The From header, e.g. `Foster Care Network <no-reply@example.org>`. */
  mailFrom: string;
};

/**
 * Bounds on one SMTP exchange. The worker's lease (default 2 min) must stay longer than the worst case,
 * otherwise another worker would take over a message that is still being sent and send it twice.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 45_000 };

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? createSmtpTransport(options.smtpUrl, options.mailFrom)
    : createFileTransport(mailDir(options.dataDir), options.mailFrom);
}

export function mailDir(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

/** `2024-05-01T12-30-00-000Z-<id>.eml`: sorts by date, and a retried item overwrites its own file. */
export function emlFileName(item: Pick<OutgoingMail, 'id' | 'date'>): string {
  return `${item.date.toISOString().replace(/[:.]/g, '-')}-${item.id}.eml`;
}

function toMessage(item: OutgoingMail, mailFrom: string): SendMailOptions {
  return {
    from: mailFrom,
    to: item.to,
    replyTo: item.replyTo ?? undefined,
    subject: item.message.subject,
    text: item.message.text,
    html: item.message.html,
    // Only what the outbox let through (MAIL_EXTRA_HEADERS): the one-click unsubscribe of notification mail.
    headers: item.message.headers,
    date: item.date,
    // The same Message-ID on every attempt lets receiving systems drop a duplicate if a retry follows a
    // delivery whose success we never recorded.
    messageId: `<${item.id}@${domainOf(mailFrom)}>`,
  };
}

function domainOf(address: string): string {
  return /@([^\s>]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';
}

function createSmtpTransport(url: string, mailFrom: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 5, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(item) {
      const info = await transporter.sendMail(toMessage(item, mailFrom));
      return {
        messageId: info.messageId,
        info: { accepted: info.accepted, rejected: info.rejected, response: info.response },
      };
    },
    async close() {
      transporter.close();
    },
  };
}

function createFileTransport(dir: string, mailFrom: string): MailTransport {
  // Builds the exact message an SMTP server would receive, with CRLF line ends as RFC 5322 requires.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    async send(item) {
      const info = await composer.sendMail(toMessage(item, mailFrom));
      if (!Buffer.isBuffer(info.message)) throw new Error('Expected the composed message as a buffer');
      const file = path.join(dir, emlFileName(item));
      await writeFileAtomic(file, info.message);
      return { messageId: info.messageId, info: { file, envelope: info.envelope } };
    },
    async close() {
      composer.close();
    },
  };
}

/** Readers (people, tests, the e2e journeys) never see a half-written message: write aside, then rename. */
async function writeFileAtomic(file: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    const handle = await fs.open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}
