// Unique values for tests and journeys, so no test depends on the data of another (or on their order),
// across every test process of a run: the process id and the time tell processes and runs apart, the
// counter the calls within one. Shared by the server tests (testing/factories.ts) and the end-to-end
// journeys (e2e/support/members.ts).

let counter = 0;

/** A fresh address at example.org, e.g. `profile.4242.m1x2y3z4.7@example.org`. */
export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${++counter}@example.org`;
}

/**
 * A fresh word of letters and digits to find one's own rows by (a search, a church, a last name). All tags of
 * one prefix have the same length, so none is the start of another and a prefix search finds only its own.
 */
export function uniqueTag(prefix = 'Tag'): string {
  const n = (++counter % 36 ** 4).toString(36).padStart(4, '0');
  const noise = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `${prefix}${Date.now().toString(36)}${n}${noise}`;
}
