import * as contracts from '../../shared/contracts/church-map';
import type { AppDeps } from '../deps';
import { isNotModified, notModified } from '../http/caching';
import { contractRouter, guarded } from '../http/contracts';
import { sendAnswer, type ResponseCache } from '../http/response-cache';
import { churchMap } from './map';
import { CHURCHES_TOPIC } from './store';

// The same for everyone; a minute in the browser, and the answer kept in memory until a church changes.
const MAP_CACHE_CONTROL = 'public, max-age=60';

export function churchMapRoutes(deps: AppDeps, answers: ResponseCache) {
  const { db } = deps.database;
  return contractRouter().openapi(guarded(deps, contracts.getChurchMap), async (c) => {
    const answer = await answers.get('churches:map', [CHURCHES_TOPIC], () => churchMap(db));
    if (isNotModified(c, answer.etag)) return notModified(c, answer.etag, MAP_CACHE_CONTROL);
    return sendAnswer(c, answer, { cacheControl: MAP_CACHE_CONTROL, etag: true });
  });
}
