import type { I18n } from '@lingui/core';
import { FORMER_MEMBER, type DisplayName } from '../../shared/member-name';

/** A person as the reader sees them: the name they gave, or "Former member" in the reader's language. */
export function authorName(i18n: I18n, person: DisplayName): string {
  return person.isFormerMember ? i18n._(FORMER_MEMBER) : person.name;
}
