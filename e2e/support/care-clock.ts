import { inject } from 'vitest';
import { readControl } from '../../src/server/control';

/**
 * The test clock of the journeys (NODE_ENV=test servers only): runs the care calendar's day-before reminders as
 * of `at`, through the loopback control call the admin command line uses, and answers how many were reminded.
 */
export async function runCareRemindersAt(at: Date): Promise<{ reminded: number }> {
  const control = readControl(inject('dataDir'));
  if (!control) throw new Error('The e2e server wrote no control file: is it running on the embedded database?');
  const res = await fetch(`http://127.0.0.1:${control.port}/internal/care/remind`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${control.token}` },
    body: JSON.stringify({ at: at.toISOString() }),
  });
  if (!res.ok) throw new Error(`The care reminders did not run: ${res.status} ${await res.text()}`);
  return (await res.json()) as { reminded: number };
}
