import { z } from 'zod';
import { PG_INT_MAX } from '../text';

// Path parameters, declared once in each contract (issue 24). A path that cannot name anything names
// nothing: the server's param hook (contractRouter, src/server/http/contracts.ts) answers any refused
// parameter with 404 NOT_FOUND and the message given here, the same answer as an id that does not exist.
// So every parameter schema is made here, with the message of the thing it names. That message is an English
// catalog id, answered in the asker's language: mark it where it is written,
// `serialId(/*i18n*/ 'There is no such need.', 'The need')`.

/** The ids of serial columns: a positive 32-bit integer written in digits, read by the handler as a number. */
export const serialId = (notFound: string, description: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, notFound)
    .transform(Number)
    .pipe(z.number().int().min(1, notFound).max(PG_INT_MAX, notFound))
    .meta({ description });

/** A uuid (any of its versions, in either case), read by the handler in lower case as the database writes it. */
export const uuidId = (notFound: string, description: string) =>
  z
    .guid(notFound)
    .transform((id) => id.toLowerCase())
    .meta({ description });

/** An account's id as Better Auth makes them (URL-safe); nothing else reaches a query or the storage layer. */
export const accountId = (notFound: string, description: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, notFound)
    .meta({ description });
