import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
// The one import of server code the browser has, and only of types (erased from the bundle): the API's
// routes as the server registers them from the contracts in src/shared/contracts (decision 017).
import type { Api } from '../../server/app';
import { answerOf } from './api';

/**
 * The API, typed from its contracts: `client.posts[':id'].$get({ param: { id } })`. A renamed route or
 * field breaks the build here and on the server alike. Call through `call()`, which gives the successful
 * answer's JSON, typed, or throws an ApiRequestError.
 */
export const client = hc<Api>('/api', { headers: { Accept: 'application/json' }, init: { credentials: 'same-origin' } });

/** What a successful answer carries, from the union of everything a route may answer. */
type Ok<R> = R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;

export async function call<R extends ClientResponse<unknown, number, string>>(sent: Promise<R>): Promise<Ok<R>> {
  return (await answerOf(sent)) as Ok<R>;
}
