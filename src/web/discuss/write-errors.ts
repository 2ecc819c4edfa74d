import type { I18n } from '@lingui/core';
import { MESSAGES } from '../../shared/messages';
import { isApiRequestError } from '../lib/api';
import type { FieldErrors } from '../lib/use-schema-form';

/**
 * What a failed write tells the member, in their language: the server's words where they are meant for people
 * (the server words them in the asker's language already).
 */
export function writeErrorOf(i18n: I18n, error: unknown, fallback: string): { message: string; fieldErrors: FieldErrors } {
  if (!isApiRequestError(error)) return { message: fallback, fieldErrors: {} };
  if (error.code === 'NEEDS_PROFILE') return { message: i18n._(MESSAGES.needProfileToPost), fieldErrors: {} };
  if (error.fieldErrors) return { message: i18n._('Please check the fields marked below.'), fieldErrors: error.fieldErrors };
  if (error.status === 401) return { message: i18n._('Your session has ended. Please sign in again.'), fieldErrors: {} };
  if ([403, 404, 429].includes(error.status)) return { message: error.message, fieldErrors: {} };
  return { message: fallback, fieldErrors: {} };
}
