// Limits shared by client and server so the two cannot drift.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
/** A change of email or password needs a session younger than this (SPEC.md §8: "needs a recent login"). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
/** Largest JSON body any route accepts; uploads have their own limit. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
