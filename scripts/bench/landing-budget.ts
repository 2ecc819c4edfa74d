// The landing page's script budget (issue 29, decision 046): everything a first visit to `/` loads as
// script, without any interaction, until the network is idle, gzipped at level 9. Both landing benches
// check it and fail (exit code 1) above it, so the page stays within it as the site grows.

export const LANDING_SCRIPT_BUDGET = 100 * 1024;

/** Prints the figure against the budget; marks the process failed when it is over. */
export function checkLandingBudget(label: string, gzipped: number): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  if (gzipped <= LANDING_SCRIPT_BUDGET) {
    process.stdout.write(`  ${label}: ${kb(gzipped)} gzipped, within the budget of ${kb(LANDING_SCRIPT_BUDGET)}\n`);
    return;
  }
  process.stderr.write(
    `\nOVER BUDGET: ${label} is ${kb(gzipped)} gzipped, ${kb(gzipped - LANDING_SCRIPT_BUDGET)} over the ${kb(LANDING_SCRIPT_BUDGET)} budget (decision 046).\n`,
  );
  process.exitCode = 1;
}
