import type { I18n } from '@lingui/core';
import { z } from 'zod';

// How a person is named wherever a name leaves the server: the forum, the digest, notifications and their
// mail, member mail and the admin's views. One rule, so no view names someone another view does not.

/** What readers see instead of the name of a member who has deleted their account. */
export const FORMER_MEMBER = /*i18n*/ 'Former member';
/** What readers see for a member whose profile holds no name (an imported one). */
export const UNNAMED_MEMBER = /*i18n*/ 'Member';

/** A person as readers see them: "First Last", or FORMER_MEMBER once their account is deleted. */
export const displayNameSchema = z.object({ name: z.string(), isFormerMember: z.boolean() });
export type DisplayName = z.infer<typeof displayNameSchema>;

/**
 * The stored facts about a person (the names their profile gave, copied or current, and whether their account
 * is gone) → the name shown. A name stored whole (a notification's actor) goes in `firstName`.
 */
export function displayNameOf(person: { isDeleted: boolean; firstName?: string | null; lastName?: string | null }): DisplayName {
  if (person.isDeleted) return { name: FORMER_MEMBER, isFormerMember: true };
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return { name: name || UNNAMED_MEMBER, isFormerMember: false };
}

/** A person as a reader of this language sees them: the name they gave, or "Former member" in that language. */
export function displayNameIn(i18n: I18n, person: DisplayName): string {
  return person.isFormerMember ? i18n._(FORMER_MEMBER) : person.name;
}
