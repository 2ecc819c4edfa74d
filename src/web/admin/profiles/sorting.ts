import type { I18n } from '@lingui/core';
import { PROFILE_SORTS, type ProfileSort, type SortDirection } from '../../../shared/admin';

// Labels and orders are message ids: they are put in the page's language where they are shown.
type OrderWords = Record<SortDirection, string>;
const ALPHABETICAL: OrderWords = { asc: /*i18n*/ '{column}, A to Z', desc: /*i18n*/ '{column}, Z to A' };
const BY_DATE: OrderWords = { asc: /*i18n*/ '{column}, oldest first', desc: /*i18n*/ '{column}, newest first' };
const BY_COUNT: OrderWords = { asc: /*i18n*/ '{column}, fewest first', desc: /*i18n*/ '{column}, most first' };

/** Columns that sort, with the direction a first click chooses (newest, most, A to Z) and how each order reads. */
export const SORTABLE: Record<ProfileSort, { label: string; firstDir: SortDirection; words: OrderWords }> = {
  name: { label: /*i18n*/ 'Name', firstDir: 'asc', words: ALPHABETICAL },
  email: { label: /*i18n*/ 'Email', firstDir: 'asc', words: ALPHABETICAL },
  state: { label: /*i18n*/ 'State', firstDir: 'asc', words: ALPHABETICAL },
  church: { label: /*i18n*/ 'Church', firstDir: 'asc', words: ALPHABETICAL },
  fosterKids: { label: /*i18n*/ 'Foster kids', firstDir: 'desc', words: BY_COUNT },
  savedAt: { label: /*i18n*/ 'Saved', firstDir: 'desc', words: BY_DATE },
  signedUp: { label: /*i18n*/ 'Signed up', firstDir: 'desc', words: BY_DATE },
};

const other = (dir: SortDirection): SortDirection => (dir === 'asc' ? 'desc' : 'asc');

/** Every order the list offers, for the select (the column headers offer most of them too), a column's first click first. */
export function sortChoices(i18n: I18n) {
  return PROFILE_SORTS.flatMap((sort) => {
    const { label, firstDir, words } = SORTABLE[sort];
    return [firstDir, other(firstDir)].map((dir) => ({ value: `${sort}:${dir}`, label: i18n._(words[dir], { column: i18n._(label) }) }));
  });
}

/** A click on a column's header: the other direction of the column in use, or the first direction of another. */
export function nextDirection(current: { sort: ProfileSort; dir: SortDirection }, sort: ProfileSort): SortDirection {
  return current.sort === sort ? other(current.dir) : SORTABLE[sort].firstDir;
}
