import { z } from 'zod';
import {
  FOSTER_KIDS_MAX,
  PHONE_INPUT_MAX,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHOTO_MAX_SIDE,
  PROFILE_ADDRESS_MAX,
  PROFILE_COMMENTS_MAX,
  PROFILE_NAME_MAX,
  PROFILE_TEXT_MAX,
  PROFILE_URL_MAX,
} from './limits';
import { STATE_CODES, STATE_NONE, type StateCode } from './states';
import { plainString } from './text';

// The member profile (product.md §4.2 "User profile"): one schema, used by the API to validate and by the form
// to check before sending, so a rule is written once. Field names are product.md's, in camelCase:
// first_name → firstName, ag_affiliated → agAffiliated, user_zip → userZip, org_ag_url → orgAgUrl, …

export const YES_NO = ['Yes', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Free text that may be left blank; blank (or missing) is stored as null. */
export function optionalText(label: string, max: number, opts: { multiLine?: boolean } = {}) {
  return plainString(label, opts)
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** "X is required" when missing, "X must be text" when of another type. */
const missingOrNotText = (label: string) => (issue: { input?: unknown }) =>
  issue.input == null ? `${label} is required` : `${label} must be text`;

function requiredText(label: string, max: number) {
  return plainString(label).trim().min(1, `${label} is required`).max(max, tooLong(label, max));
}

/** An explicit Yes or No, or unset (blank or null). Never defaults to Yes. */
const yesNo = z
  .enum([...YES_NO, ''], { error: /*i18n*/ 'Choose Yes or No' })
  .nullish()
  .transform((v): YesNo | null => (v ? v : null));

export const PHONE_HINT = /*i18n*/ 'Digits only; spaces, dashes, dots and brackets are fine';

/** Digits, with the separators people type accepted and removed: "(417) 555-0100" → "4175550100". */
export function phoneNumber(label: string) {
  return z
    .string({ error: missingOrNotText(label) })
    .trim()
    .min(1, `${label} is required`)
    .max(PHONE_INPUT_MAX, tooLong(label, PHONE_INPUT_MAX))
    .regex(/^\+?[\d\s().-]+$/, `${label} must be a number. ${PHONE_HINT}.`)
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(
      z
        .string()
        .min(PHONE_MIN_DIGITS, `${label} must have at least ${PHONE_MIN_DIGITS} digits, area code included`)
        .max(PHONE_MAX_DIGITS, `${label} must have at most ${PHONE_MAX_DIGITS} digits`),
    );
}
const phone = phoneNumber('Phone');

const state = z.enum(STATE_CODES, { error: /*i18n*/ 'Choose your state' });

const zip = z
  .string({ error: /*i18n*/ 'ZIP code must be text' })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(
    z
      .string()
      .regex(/^\d{5}(-\d{4})?$/, /*i18n*/ 'ZIP code must be 5 digits (or ZIP+4, like 12345-6789)')
      .nullable(),
  );

const KIDS_ERROR = `Enter a whole number from 0 to ${FOSTER_KIDS_MAX}`;

/** A whole number 0–99, or unset. Digit strings (what a text field holds) are accepted and stored as numbers. */
const fosterKids = z
  .union([z.number(), z.string()], { error: KIDS_ERROR })
  .nullish()
  .transform((v) => {
    if (v == null) return null;
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (text === '') return null;
    return /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  })
  .pipe(z.number({ error: KIDS_ERROR }).int(KIDS_ERROR).min(0, KIDS_ERROR).max(FOSTER_KIDS_MAX, KIDS_ERROR).nullable());

const URL_SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const HOST_AND_PORT = /^[a-z0-9.-]+:\d/i;
// Labels of letters, digits and hyphens, at least one dot, and a top-level label that starts with a letter
// (so neither "localhost" nor a bare IP address passes: links in a profile point at public web sites).
const PUBLIC_HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}$/i;

/**
 * "example.org", "www.example.org/path" or "https://…" → an absolute http(s) URL; anything else (javascript:,
 * data:, mailto:, a host without a dot, credentials in the URL) → null.
 */
export function normaliseWebUrl(input: string): string | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return null;
  const scheme = URL_SCHEME.exec(text)?.[1]?.toLowerCase();
  let candidate: string;
  if (scheme === 'http' || scheme === 'https') {
    if (!/^https?:\/\//i.test(text)) return null;
    candidate = text;
  } else if (scheme && !HOST_AND_PORT.test(text)) {
    return null;
  } else {
    candidate = `https://${text.replace(/^\/\//, '')}`;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !PUBLIC_HOST.test(url.hostname)) return null;
  return url.href;
}

export const URL_HINT = /*i18n*/ 'A web address such as example.org or https://example.org';

export function webUrl(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(PROFILE_URL_MAX, tooLong(label, PROFILE_URL_MAX))
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const url = normaliseWebUrl(v);
      if (!url || url.length > PROFILE_URL_MAX) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a web address such as example.org or https://example.org` });
        return z.NEVER;
      }
      return url;
    });
}

/**
 * What a member writes on /update-profile. Unknown keys are dropped (uid, email, isAdmin, savedAt and the
 * photo are never taken from the form). Required: first name, last name, phone and state (NONE does not count).
 */
export const profileSchema = z.object({
  firstName: requiredText('First name', PROFILE_NAME_MAX),
  lastName: requiredText('Last name', PROFILE_NAME_MAX),
  phone,
  agAffiliated: yesNo,
  agCredentialed: yesNo,
  orgAg: optionalText('AG employer', PROFILE_TEXT_MAX),
  orgAgTitle: optionalText('Title', PROFILE_TEXT_MAX),
  orgAgUrl: webUrl('AG employer web site'),
  orgOther: optionalText('Organisation', PROFILE_TEXT_MAX),
  orgOtherTitle: optionalText('Title', PROFILE_TEXT_MAX),
  orgOtherUrl: webUrl('Organisation web site'),
  fosterParent: yesNo,
  numberOfFosterKids: fosterKids,
  streetAddress: optionalText('Street address', PROFILE_ADDRESS_MAX),
  city: optionalText('City', PROFILE_TEXT_MAX),
  state,
  userZip: zip,
  socialMedia: webUrl('Social media link'),
  church: optionalText('Church', PROFILE_TEXT_MAX),
  agChurch: yesNo,
  comments: optionalText('Comments', PROFILE_COMMENTS_MAX, { multiLine: true }),
});

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileData = z.output<typeof profileSchema>;
export type ProfileField = keyof ProfileData;
export const PROFILE_FIELDS = Object.keys(profileSchema.shape) as ProfileField[];

const storedText = z.string().nullable();
const storedYesNo = z.enum(YES_NO).nullable();

/** The form's fields as stored (what the API answers): null until the member fills them; state is NONE until chosen. */
export const storedProfileFieldsSchema = z.object({
  firstName: storedText,
  lastName: storedText,
  phone: storedText,
  agAffiliated: storedYesNo,
  agCredentialed: storedYesNo,
  orgAg: storedText,
  orgAgTitle: storedText,
  orgAgUrl: storedText,
  orgOther: storedText,
  orgOtherTitle: storedText,
  orgOtherUrl: storedText,
  fosterParent: storedYesNo,
  numberOfFosterKids: z.number().int().nullable(),
  streetAddress: storedText,
  city: storedText,
  state: z.enum([...STATE_CODES, STATE_NONE]),
  userZip: storedText,
  socialMedia: storedText,
  church: storedText,
  agChurch: storedYesNo,
  comments: storedText,
});
export type StoredProfileFields = z.infer<typeof storedProfileFieldsSchema>;

/** Each field of the form, as the form's schema makes it, or null; a field added to one but not the other fails here. */
type StoredAsTheFormMakesThem = { [K in ProfileField]: K extends 'state' ? StateCode | typeof STATE_NONE : ProfileData[K] | null };
const sameFields: [StoredProfileFields, StoredAsTheFormMakesThem] extends [StoredAsTheFormMakesThem, StoredProfileFields] ? true : never =
  true;
void sameFields;

/** GET/PUT /api/profile: the member's own profile, private fields included. */
export const ownProfileSchema = storedProfileFieldsSchema
  .extend({
    uid: z.string(),
    email: z.string(),
    /** ISO time of the last save; null until the member saves the form (then `hasProfile` is true). */
    savedAt: z.iso.datetime().nullable(),
    isAdmin: z.boolean(),
    photoUrl: z.string().nullable(),
  })
  .meta({ id: 'OwnProfile' });
export type OwnProfile = z.infer<typeof ownProfileSchema>;
export const ownProfileResponseSchema = z.object({ profile: ownProfileSchema });
export type OwnProfileResponse = z.infer<typeof ownProfileResponseSchema>;

/**
 * PUT /api/profile: the fields to change (those of the form, as in ProfileInput); fields left out keep
 * their value, unknown ones are ignored. The merged profile is checked as a whole with profileSchema.
 */
export const profileChangesSchema = z
  .record(z.string(), z.unknown(), { error: /*i18n*/ 'Send the profile as a JSON object.' })
  .meta({ description: 'The fields of the profile form to change (see OwnProfile); fields left out keep their value.' });

/** POST /api/profile/photo. */
export const photoSavedSchema = z.object({ photoUrl: z.string() });
/** GET /api/photos/:uid of a member without a photo, or one the viewer may not see (the same answer). */
export const NO_PHOTO = /*i18n*/ 'This member has no profile photo.';
/** DELETE /api/profile/photo. */
export const photoRemovedSchema = z.object({ photoUrl: z.null() });

/**
 * Fields other members may see (the directory). Never: street address, phone, email, ZIP code (with the
 * city it narrows down where a foster home is), nor isAdmin.
 */
export const PUBLIC_PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'city',
  'state',
  'church',
  'agChurch',
  'agAffiliated',
  'agCredentialed',
  'orgAg',
  'orgAgTitle',
  'orgAgUrl',
  'orgOther',
  'orgOtherTitle',
  'orgOtherUrl',
  'fosterParent',
  'numberOfFosterKids',
  'socialMedia',
  'comments',
] as const satisfies readonly ProfileField[];

/**
 * A profile as other members see it (the directory). Strict: a field off this list in an answer (a street
 * address, a phone, an email) fails the response check of the tests, not only the type.
 */
export const publicProfileSchema = z
  .strictObject({
    ...storedProfileFieldsSchema.pick(
      Object.fromEntries(PUBLIC_PROFILE_FIELDS.map((k) => [k, true])) as { [K in (typeof PUBLIC_PROFILE_FIELDS)[number]]: true },
    ).shape,
    uid: z.string(),
    photoUrl: z.string().nullable(),
    /** ISO time of the last save. */
    savedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The address of a member's photo; the version changes with each upload so caches never show an old one. */
export function photoPath(uid: string, version: number): string {
  return `/api/photos/${encodeURIComponent(uid)}?v=${version}`;
}

const cropNumber = (label: string, min: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of pixels`)
    .min(min, `${label} must be at least ${min}`)
    .max(PHOTO_MAX_SIDE, `${label} must be at most ${PHOTO_MAX_SIDE}`);

/** The square the member chose, in pixels of the (upright) original image. */
export const photoCropSchema = z.object({
  x: cropNumber('x', 0),
  y: cropNumber('y', 0),
  width: cropNumber('width', 1),
  height: cropNumber('height', 1),
});
export type PhotoCrop = z.output<typeof photoCropSchema>;

/**
 * The directory's rule in one sentence (issue 29): the welcome's, the profile page's and the confirmation mail's. A
 * member who left the question blank or answered No was left out of the directory without a word.
 */
export const DIRECTORY_RULE =
  /*i18n*/ 'The member directory lists only members who answer Yes to “Are you affiliated with the Assemblies of God?”. Leave it blank or answer No and you can still use everything else, but other members will not find you there.';
