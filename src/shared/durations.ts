// Lengths of time in milliseconds, as timers, windows and Date arithmetic count them. Said once, so that
// `15 * MINUTE` reads the same in every file.

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
