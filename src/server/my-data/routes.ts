import * as contracts from '../../shared/contracts/my-data';
import type { AppDeps } from '../deps';
import { contractRouter, guarded } from '../http/contracts';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { MY_DATA_RATE_MESSAGE, MY_DATA_RULE } from '../rate-limit/rules';
import { zipStream } from './archive';
import { gatherMyData } from './gather';

/** "Your data" (issue 29): the signed-in member's own archive; nobody, an admin included, downloads another's. */
export function myDataRoutes(deps: AppDeps, limiter: RateLimiter) {
  return contractRouter().openapi(guarded(deps, contracts.downloadMyData), async (c) => {
    const who = c.get('member');
    await limiter.hit([{ key: `my-data:${who.id}`, rule: MY_DATA_RULE }], MY_DATA_RATE_MESSAGE);
    // Read before the answer starts, so a failure is an error answer rather than a broken download.
    const data = await gatherMyData(deps, who.id);
    const now = deps.clock.now();
    const day = now.toISOString().slice(0, 10);
    return c.body(zipStream(data, now), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="your-data-${day}.zip"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
