import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { inject } from 'vitest';

export type ReceivedMail = { rcpt: string[]; parsed: ParsedMail; text: string; subject: string };

/** Waits for a message the SMTP server received for this address (and matching `where`). */
export async function waitForMail(
  to: string,
  where: (m: ReceivedMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const dir = inject('mailboxDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().reverse()) {
      const { rcpt } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { rcpt: string[] };
      if (!rcpt.includes(to.toLowerCase())) continue;
      const parsed = await simpleParser(fs.readFileSync(path.join(dir, file.replace('.json', '.eml'))));
      const mail = { rcpt, parsed, text: parsed.text ?? '', subject: parsed.subject ?? '' };
      if (where(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail for ${to} within ${timeoutMs} ms`);
}
