import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { inject } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { i18nFor } from '../../src/server/i18n';

export type ReceivedMail = { rcpt: string[]; parsed: ParsedMail; text: string; subject: string };

/** Waits for a message the SMTP server received for this address (and matching `where`). */
export async function waitForMail(to: string, where: (m: ReceivedMail) => boolean = () => true, timeoutMs = 15_000): Promise<ReceivedMail> {
  const dir = inject('mailboxDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()) {
      // The mailbox writes the envelope, then the message: one still being written is read on the next pass.
      let rcpt: string[];
      let raw: Buffer;
      try {
        rcpt = (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { rcpt: string[] }).rcpt;
        if (!rcpt.includes(to.toLowerCase())) continue;
        raw = fs.readFileSync(path.join(dir, file.replace('.json', '.eml')));
      } catch {
        continue;
      }
      const parsed = await simpleParser(raw);
      const mail = { rcpt, parsed, text: parsed.text ?? '', subject: parsed.subject ?? '' };
      if (where(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail for ${to} within ${timeoutMs} ms`);
}

/** A sign-up's confirmation, in English or Spanish (the recipient's language, issue 28). */
const CONFIRM_SUBJECT = new RegExp(
  `^(${(['en', 'es'] as const)
    .map((l) =>
      i18nFor(l)
        ._('Confirm your email address for the Foster Care Network')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('|')})`,
);

/** The confirmation link of the newest mail of this kind sent to the address (sign-up or change of address). */
export async function waitForEmailLink(to: string, subject: RegExp = CONFIRM_SUBJECT): Promise<string> {
  const mail = await waitForMail(to, (m) => subject.test(m.subject));
  const link = mail.text.match(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`The mail to ${to} has no confirmation link:\n${mail.text}`);
  return link;
}

/** Opens the mailed confirmation link as the API would be called by the /verify-email page. */
export async function confirmAddressThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const token = new URL(await waitForEmailLink(email)).searchParams.get('token');
  const res = await request.post('/api/account/verify-email', { data: { token }, headers: { origin: inject('baseUrl') } });
  if (res.status() !== 200) throw new Error(`Confirming ${email} failed: ${res.status()} ${await res.text()}`);
}
