/**
 * How fast mail renders (issue 29, decision 044): mail is rendered inside the transaction of the change it
 * reports, so its cost is time the database and every other request wait. Renders three messages of the
 * site's shapes (a confirmation with its button; a notification with a member's quotation and its footer; a
 * digest of 20 posts) with the working tree's renderMail and, with `--baseline <commit>`, with that commit's,
 * alternating in one run so both see the same machine. Prints renders per second of each and the ratios.
 *
 *   node --import tsx scripts/bench/mail-render.ts [--seconds 2] [--baseline main]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderMailInput } from '../../src/server/mail';
import { option, textOption } from './support';

const SECONDS = option('seconds', 2, 60);
const BASELINE = textOption('baseline', '');

type Render = (input: RenderMailInput) => { html: string };
type Block = RenderMailInput['paragraphs'][number];

const site = 'https://network.example.org';

/** The same messages for both renderers: a block kind the baseline does not know is given as the link it was. */
function samples(hasActions: boolean): Record<string, RenderMailInput> {
  const action = (link: string, label: string): Block => (hasActions ? { action: link, label } : { link, label });
  const digest: Block[] = ['Here is what is new on the Foster Care Network forum since Monday, November 23.'];
  for (let i = 0; i < 20; i++) {
    digest.push(
      { link: `${site}/discuss/${i}`, label: `Meals for the Garcia family, week ${i} <b>` },
      'In Prayer requests, by Grace Miller',
      { quote: 'We are looking for three families to bring a meal on Tuesday & Thursday evenings this month.' },
    );
  }
  return {
    confirmation: {
      subject: 'Confirm your email address for the Foster Care Network',
      paragraphs: [
        'Welcome to the Foster Care Network. Please confirm that grace@example.org is your address:',
        action(`${site}/verify-email?token=abcdefghijklmnopqrstuvwxyz`, 'Confirm my email address'),
        'The link works once, within 24 hours.',
        'If you did not create this account, ignore this message and nothing more will happen.',
      ],
    },
    notification: {
      locale: 'es',
      subject: 'Grace respondió a su publicación',
      paragraphs: [
        'Grace Miller respondió a su publicación "Una cuna" en el foro:',
        { quote: 'Tenemos una <script>cuna</script> & un colchón.\nLos llevamos el sábado.' },
        action(`${site}/discuss/12`, 'Leer la respuesta en el sitio'),
        'Recibe este correo porque alguien respondió a una publicación suya.',
        { link: `${site}/settings/notifications`, label: 'Elegir qué correos recibe' },
        { link: `${site}/unsubscribe?token=x.y`, label: 'Dejar de recibir correos como este' },
      ],
    },
    digest: { subject: 'Your weekly digest', paragraphs: digest },
  };
}

function rate(render: Render, input: RenderMailInput, ms: number): number {
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    render(input);
    n++;
  }
  return n / (ms / 1000);
}

/** The baseline's outbox.ts, written beside ours (so its relative imports resolve) for the run's length. */
async function baselineRenderer(commit: string): Promise<{ render: Render; cleanUp: () => void }> {
  const source = execFileSync('git', ['show', `${commit}:src/server/mail/outbox.ts`], { encoding: 'utf8' });
  const file = path.resolve('src/server/mail', `outbox.bench-baseline-${process.pid}.ts`);
  fs.writeFileSync(file, source);
  try {
    const mod = (await import(pathToFileURL(file).href)) as { renderMail: Render };
    return { render: mod.renderMail, cleanUp: () => fs.rmSync(file, { force: true }) };
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
}

const { renderMail } = (await import('../../src/server/mail')) as { renderMail: Render };
const baseline = BASELINE ? await baselineRenderer(BASELINE) : null;
try {
  const ours = samples(true);
  const theirs = samples(false);
  const round = (SECONDS * 1000) / 4;
  console.log(`renders per second (${SECONDS} s each, in alternating halves${baseline ? `; baseline ${BASELINE}` : ''})`);
  for (const name of Object.keys(ours)) {
    // Warm both up first, so neither pays for compiling its code inside the measurement.
    rate(renderMail, ours[name]!, 200);
    if (baseline) rate(baseline.render, theirs[name]!, 200);
    let now = 0;
    let before = 0;
    for (let half = 0; half < 2; half++) {
      now += rate(renderMail, ours[name]!, round) / 2;
      if (baseline) before += rate(baseline.render, theirs[name]!, round) / 2;
    }
    const bytes = renderMail(ours[name]!).html.length;
    const line = `${name.padEnd(13)} now ${now.toFixed(0).padStart(7)}/s (${(1000 / now).toFixed(3)} ms, ${bytes} bytes)`;
    console.log(baseline ? `${line}   baseline ${before.toFixed(0).padStart(7)}/s   now/baseline ${(now / before).toFixed(3)}` : line);
  }
} finally {
  baseline?.cleanUp();
}
