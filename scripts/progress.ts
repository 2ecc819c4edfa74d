// A progress bar for long command-line work (seeding, copying files, backups): redrawn in place on a
// terminal, one line per tenth otherwise (CI logs, files).

const isTty = process.stdout.isTTY;
let lastLine = '';

/** Draws `phase`'s bar at `done` of `total`, with the seconds since `started` (Date.now()). */
export function progress(phase: string, done: number, total: number, started: number) {
  const ratio = total ? Math.min(1, done / total) : 1;
  const width = 30;
  const bar = '#'.repeat(Math.round(ratio * width)).padEnd(width, '.');
  const line = `  [${bar}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${phase} ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}  ${((Date.now() - started) / 1000).toFixed(0)} s`;
  if (isTty) {
    process.stdout.write(`\r${line}`);
    if (done >= total) process.stdout.write('\n');
  } else {
    // Without a terminal: one line per phase step of a tenth, not a flood.
    const key = `${phase}:${Math.floor(ratio * 10)}`;
    if (key !== lastLine) process.stdout.write(`${line}\n`);
    lastLine = key;
  }
}
