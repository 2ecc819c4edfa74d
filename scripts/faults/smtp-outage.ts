/**
 * Fault drill (issue 15): the SMTP server goes down for 30 s in the middle of a burst of 200 contact messages,
 * then comes back on the same port. Every message must arrive once it is back, none twice, none given up.
 *
 *   node --import tsx scripts/faults/smtp-outage.ts [--short]
 */
import path from 'node:path';
import {
  did,
  duplicates,
  hold,
  isShort,
  nextIp,
  outboxStates,
  runDrill,
  seconds,
  sendContactMessage,
  startDrillServer,
  startPostgresDrill,
  textOf,
  unsettled,
  waitUntil,
} from './support';

const MESSAGES = isShort ? 60 : 200;
const OUTAGE_MS = isShort ? 8_000 : 30_000;
const WRITERS = 10;

runDrill('SMTP down during a burst of messages', async () => {
  const { checks, root, mail, pg } = await startPostgresDrill('SMTP outage', 'smtp');
  const server = await startDrillServer('smtp-outage', root, {
    DATABASE_URL: pg.url,
    DATA_DIR: path.join(root, 'data'),
    SMTP_URL: mail.url,
  });
  did(`server started on PostgreSQL (${seconds(server.readyAfterMs)} to ready), sending to a real SMTP server`);

  let next = 0;
  const acked: string[] = [];
  let refused = 0;
  let smtpDownAt = 0;
  const burstStarted = Date.now();
  const writer = async () => {
    while (next < MESSAGES) {
      const marker = `drill message ${++next}`;
      const res = await sendContactMessage(server.url, nextIp(), `Written during the SMTP drill: ${marker}.`);
      if (res.status === 202) acked.push(marker);
      else refused++;
      // The SMTP server goes down a quarter of the way in.
      if (!smtpDownAt && next >= MESSAGES / 4) {
        smtpDownAt = Date.now();
        await mail.stop();
      }
    }
  };
  const burst = Promise.all(Array.from({ length: WRITERS }, writer));
  await waitUntil('SMTP server going down', () => smtpDownAt > 0, { timeoutMs: 60_000 });
  const deliveredBeforeOutage = mail.received.length;
  await burst;
  did(
    `${acked.length} contact messages acknowledged in ${seconds(Date.now() - burstStarted)} (${refused} refused); SMTP went down after ${deliveredBeforeOutage} arrived`,
  );
  const remaining = OUTAGE_MS - (Date.now() - smtpDownAt);
  if (remaining > 0) await hold('SMTP server down', remaining);
  const statesDuring = await outboxStates(pg.url);
  await mail.start();
  const backAt = Date.now();
  did(`SMTP server back on its port after ${seconds(backAt - smtpDownAt)}; outbox then: ${JSON.stringify(statesDuring)}`);

  const arrived = () => acked.filter((marker) => mail.received.some((m) => textOf(m).includes(`${marker}.`))).length;
  const allArrived = await waitUntil('messages arriving', () => arrived() === acked.length, {
    timeoutMs: isShort ? 45_000 : 180_000,
    count: arrived,
    total: acked.length,
  });
  const lastArrival = Math.max(...mail.received.map((m) => m.at));
  await waitUntil('outbox settling', async () => unsettled(await outboxStates(pg.url)) === 0, { timeoutMs: 30_000 });
  const states = await outboxStates(pg.url);
  const copies = duplicates(mail.received);

  checks.check('every acknowledged message was accepted (no refusal while SMTP was down)', refused === 0, `${refused} refused`);
  checks.check('every message arrived once SMTP was back', allArrived, `${arrived()} of ${acked.length}`);
  checks.check('none arrived twice', copies.size === 0, `${copies.size}`);
  checks.check('none was given up (ERROR)', (states.ERROR ?? 0) === 0, JSON.stringify(states));
  checks.check('the outbox settled', unsettled(states) === 0);
  await server.stop();

  checks.finish([
    ['messages acknowledged (202)', acked.length],
    ['messages delivered before SMTP went down', deliveredBeforeOutage],
    ['SMTP down for', seconds(backAt - smtpDownAt)],
    [
      'messages received in all / distinct',
      `${mail.received.length} / ${mail.received.length - [...copies.values()].reduce((n, c) => n + c.length - 1, 0)}`,
    ],
    ['messages received twice', copies.size],
    ['SMTP back to the last message delivered', seconds(Math.max(0, lastArrival - backAt))],
  ]);
});
