import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';
import { MESSAGES } from './messages';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signUpSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });

export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, 'Password is required') });

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
    password: z.union([z.literal(''), passwordSchema]).optional().default(''),
    confirmPassword: z.string().optional().default(''),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

/** What GET /api/me answers: the signed-in member, or null. */
export type Me = {
  id: string;
  email: string;
  isAdmin: boolean;
  hasProfile: boolean;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
};
