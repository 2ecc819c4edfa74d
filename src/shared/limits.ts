// Limits shared by client and server so the two cannot drift.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
/** A change of email or password needs a session younger than this (product.md §5.1: "needs a recent sign-in"). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
/** Largest JSON body any route accepts; uploads have their own limit. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** Email confirmation links (sign-up and change of address) work once, within this time. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** "Send the link again": per account per hour (each also counts per client). */
export const EMAIL_LINK_RESENDS_PER_HOUR = 3;

// ---- Member profile (product.md §4.2; the lengths are ours, §10.3) --------------------------------
export const PROFILE_NAME_MAX = 80;
/** Church, city, organisations and titles. */
export const PROFILE_TEXT_MAX = 120;
export const PROFILE_ADDRESS_MAX = 200;
export const PROFILE_COMMENTS_MAX = 2000;
export const PROFILE_URL_MAX = 500;
/** What a person may type for a phone number, separators included. */
export const PHONE_INPUT_MAX = 30;
/** Digits once separators are removed: a local number with area code up to E.164's 15 digits. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
export const FOSTER_KIDS_MAX = 99;

// ---- Profile photo -----------------------------------------------------------------------------------
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the multipart framing and the crop fields around the photo itself. */
export const PHOTO_UPLOAD_MAX_BYTES = PHOTO_MAX_BYTES + 64 * 1024;
/** Larger images are refused from their header, before anything is decoded. */
export const PHOTO_MAX_SIDE = 10_000;
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Every stored photo is one square JPEG of this many pixels a side. */
export const PHOTO_OUTPUT_SIZE = 512;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** product.md §10.1 and §10.2: zoom from 1 to 3 in steps of 0.1, square crop. */
export const PHOTO_ZOOM_MIN = 1;
export const PHOTO_ZOOM_MAX = 3;
export const PHOTO_ZOOM_STEP = 0.1;

/** "Your data" (issue 29): archives a member may download in an hour; each reads every table the site keeps about them. */
export const MY_DATA_DOWNLOADS_PER_HOUR = 5;
