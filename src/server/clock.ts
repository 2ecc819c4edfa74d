/** Time as a dependency, so tests can move it (token expiry, backoff, recent sign-in). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
