import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderMail } from './outbox';
import { parseMessage, startTestSmtpServer, type TestSmtpServer } from './test-support';
import { createMailTransport, emlFileName, mailDir, type OutgoingMail } from './transport';

const MAIL_FROM = 'Foster Care Network <no-reply@network.example>';

function outgoing(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    id: '0b7c3a52-5f0e-4a57-9b52-0d9f5e0e7a11',
    date: new Date('2025-03-01T12:30:45.678Z'),
    to: 'member@example.org',
    replyTo: 'sender@example.org',
    message: renderMail({ subject: 'A member wrote to you', paragraphs: ['Hello', { quote: '<img src=x onerror=alert(1)>' }] }),
    ...overrides,
  };
}

describe('file transport (no SMTP_URL)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-mail-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes the message as a parseable .eml file named by date and id, and nothing else', async () => {
    const transport = createMailTransport({ dataDir, mailFrom: MAIL_FROM });
    expect(transport.kind).toBe('file');
    const item = outgoing();
    const result = await transport.send(item);
    await transport.close();

    const file = path.join(mailDir(dataDir), emlFileName(item));
    expect(emlFileName(item)).toBe('2025-03-01T12-30-45-678Z-0b7c3a52-5f0e-4a57-9b52-0d9f5e0e7a11.eml');
    expect(fs.readdirSync(mailDir(dataDir))).toEqual([path.basename(file)]);
    expect(result).toMatchObject({ messageId: `<${item.id}@network.example>`, info: { file } });

    const raw = fs.readFileSync(file, 'utf8');
    expect(raw).toContain('\r\n');
    const { headers, parts } = parseMessage(raw);
    expect(headers.get('from')).toBe(MAIL_FROM);
    expect(headers.get('to')).toBe('member@example.org');
    expect(headers.get('reply-to')).toBe('sender@example.org');
    expect(headers.get('subject')).toBe('A member wrote to you');
    expect(headers.get('message-id')).toBe(`<${item.id}@network.example>`);
    expect(headers.get('date')).toBe('Sat, 01 Mar 2025 12:30:45 +0000');
    expect(parts.get('text/plain')).toContain('> <img src=x onerror=alert(1)>');
    expect(parts.get('text/html')).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(parts.get('text/html')).not.toContain('<img');
  });

  it('replaces the file when the same item is sent again', async () => {
    const transport = createMailTransport({ dataDir, mailFrom: MAIL_FROM });
    await transport.send(outgoing());
    await transport.send(outgoing({ replyTo: null }));
    const files = fs.readdirSync(mailDir(dataDir));
    expect(files).toHaveLength(1);
    const { headers } = parseMessage(fs.readFileSync(path.join(mailDir(dataDir), files[0]!), 'utf8'));
    expect(headers.has('reply-to')).toBe(false);
  });
});

describe('SMTP transport', () => {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
  });
  afterEach(() => smtp.close());

  it('hands the message to the SMTP server', async () => {
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', mailFrom: MAIL_FROM });
    expect(transport.kind).toBe('smtp');
    const item = outgoing();
    const result = await transport.send(item);
    await transport.close();

    expect(result.messageId).toBe(`<${item.id}@network.example>`);
    expect(result.info).toMatchObject({ accepted: ['member@example.org'], rejected: [] });
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received).toMatchObject({ from: 'no-reply@network.example', to: ['member@example.org'] });
    const { headers } = parseMessage(received!.raw);
    expect(headers.get('reply-to')).toBe('sender@example.org');
    expect(headers.get('subject')).toBe('A member wrote to you');
  });
});

describe('extra headers (the one-click unsubscribe of notification mail)', () => {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
  });
  afterEach(() => smtp.close());

  it('sends the headers an item carries over SMTP, and none on an item without them', async () => {
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: os.tmpdir(), mailFrom: MAIL_FROM });
    const link = 'https://network.example/api/notifications/unsubscribe?token=abc.def';
    const headers = { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await transport.send(outgoing({ message: { ...outgoing().message, headers } }));
    await transport.send(outgoing({ id: '1b7c3a52-5f0e-4a57-9b52-0d9f5e0e7a11' }));
    await transport.close();

    const [withHeaders, without] = smtp.received.map((m) => parseMessage(m.raw).headers);
    expect(withHeaders!.get('list-unsubscribe')).toBe(`<${link}>`);
    expect(withHeaders!.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(without!.has('list-unsubscribe')).toBe(false);
    expect(without!.has('list-unsubscribe-post')).toBe(false);
  });
});
