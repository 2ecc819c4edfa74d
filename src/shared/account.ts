import { LOCALES } from './i18n/locale';
import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';
import { MESSAGES } from './messages';

export const emailSchema = z
  .string({ error: /*i18n*/ 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, /*i18n*/ 'Email is required')
  .max(EMAIL_MAX, /*i18n*/ 'Email is too long')
  .pipe(z.email({ error: /*i18n*/ 'Enter a valid email address' }));

// The catalog's ids are literals, so the limits are written into them; account.test.ts checks they match.
export const passwordSchema = z
  .string({ error: /*i18n*/ 'Password is required' })
  .min(PASSWORD_MIN, /*i18n*/ 'Password must be at least 8 characters')
  .max(PASSWORD_MAX, /*i18n*/ 'Password must be at most 128 characters');

export const signUpSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });

export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, /*i18n*/ 'Password is required') });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({ token: z.string().min(1), password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });

/** /profile and /update-password: a blank password keeps the existing one. */
export const updateAccountSchema = z
  .object({
    email: emailSchema,
    password: z
      .union([z.literal(''), passwordSchema])
      .optional()
      .default(''),
    confirmPassword: z.string().optional().default(''),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

/** Email confirmation (issue 11): what the pages and the API say, one sentence each. */
export const EMAIL_LINK_MESSAGES = {
  invalidLink:
    /*i18n*/ 'This link does not work any more: it was already used, it expired, or a newer one was sent. Sign in and ask for a new one.',
  alreadyConfirmed: /*i18n*/ 'Your email address is already confirmed.',
  confirmed: /*i18n*/ 'Thank you: your email address is confirmed.',
  changed: /*i18n*/ 'Thank you: your account now uses this email address.',
  resendRateLimited: /*i18n*/ 'We have sent several links already. Please wait an hour, and check your spam folder meanwhile.',
  unconfirmed: /*i18n*/ 'Please confirm your email address first: open the link we sent you.',
  /** PATCH /api/account with a new address, from an account whose own address is not confirmed (issue 23). */
  changeNeedsConfirmedAddress:
    /*i18n*/ 'Please confirm your current email address before changing it: open the link we sent there. If that address is not yours, sign up again with your own.',
  /**
   * A sign-up's link opened by someone not signed in to that account (issue 23): the link proves the mailbox,
   * the sign-in proves the password, and only both together confirm (else whoever chose the password of an
   * account made with somebody else's address would get it confirmed by the owner's click).
   */
  signInToConfirm: /*i18n*/ 'To confirm your address, sign in to the account it belongs to. This link keeps working until then.',
  otherAccount:
    /*i18n*/ 'This link confirms the address of another account. Sign out, then sign in to the account it was sent to and open the link again.',
  changeRateLimited: /*i18n*/ 'You have asked to change your email address several times already. Please wait an hour before asking again.',
  /** One sentence for each place that waits for the confirmation. */
  places: {
    dashboard:
      /*i18n*/ 'Please confirm your email address: until then you are not listed in the directory and cannot post or write to members.',
    directory: /*i18n*/ 'You are not listed in the directory until you confirm your email address.',
    memberEmail: /*i18n*/ 'You can write to members once you confirm your email address.',
    forum: /*i18n*/ 'You can post and respond once you confirm your email address.',
  },
} as const;

/** Shown below 'Failed to sign in' when a suspended member signs in. */
export const ACCOUNT_SUSPENDED_MESSAGE =
  /*i18n*/ 'This account is suspended. If you think this is a mistake, write to the team through the contact page.';

export const verifyEmailSchema = z.object({ token: z.string().min(1).max(200) });

/** What POST /api/account/verify-email answers. */
export const verifyEmailResultSchema = z.object({ purpose: z.enum(['verify', 'change']), email: z.string() });
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>;

/** What GET /api/me answers: the signed-in member, or null. */
export const meSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    /** The account's address is confirmed (by its link, or by Google). */
    emailVerified: z.boolean(),
    /** A new address waiting for its confirmation, if the member asked to change it. */
    pendingEmail: z.string().nullable(),
    isAdmin: z.boolean(),
    /** Two-step sign-in (an authenticator app) is on for the account. */
    twoFactorEnabled: z.boolean(),
    /** The language the member chose (decision 043), or null if they never did. */
    locale: z.enum(LOCALES).nullable(),
    /** This session passed it (a code or a recovery code): what the admin area needs. */
    secondFactorPassed: z.boolean(),
    /**
     * The account has two-step sign-in and this session has not passed it (a Google sign-in): until a code
     * is entered, the session may do nothing but this, the code and signing out (decision 028).
     */
    secondFactorNeeded: z.boolean(),
    hasProfile: z.boolean(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    photoUrl: z.string().nullable(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

/** PUT /api/locale: the language a visitor or member chooses in the header's switcher. */
export const chooseLocaleSchema = z.object({ locale: z.enum(LOCALES, { error: /*i18n*/ 'Choose English or Spanish.' }) });
export type ChooseLocale = z.infer<typeof chooseLocaleSchema>;

/** GET /api/me. */
export const meResponseSchema = z.object({ user: meSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PATCH /api/account: what changed, and the member as they are now. */
export const accountUpdatedSchema = z.object({ user: meSchema, emailChangeRequested: z.boolean(), passwordChanged: z.boolean() });
/** DELETE /api/account/pending-email: the member as they are now. */
export const signedInMeSchema = z.object({ user: meSchema });
/** POST /api/account/verification-mail: where the link went. */
export const linkSentSchema = z.object({ sentTo: z.string() });

/**
 * What a sign-up and "send the link again" without a session answer, whoever has the address (issue 23):
 * only the address the page shows back, so neither tells whether it has an account.
 */
export const checkInboxSchema = z.object({ ok: z.literal(true), email: z.string() }).meta({ id: 'CheckInbox' });
export type CheckInbox = z.infer<typeof checkInboxSchema>;
/** POST /api/account/confirmation-mail: the address whose link to send again. */
export const confirmationMailSchema = z.object({ email: emailSchema });
