import { PROFILE_SORTS, type ProfileSort, type SortDirection } from '../../../shared/admin';

type OrderWords = Record<SortDirection, string>;
const ALPHABETICAL: OrderWords = { asc: 'A to Z', desc: 'Z to A' };
const BY_DATE: OrderWords = { asc: 'oldest first', desc: 'newest first' };
const BY_COUNT: OrderWords = { asc: 'fewest first', desc: 'most first' };

/** Columns that sort, with the direction a first click chooses (newest, most, A to Z) and how each order reads. */
export const SORTABLE: Record<ProfileSort, { label: string; firstDir: SortDirection; words: OrderWords }> = {
  name: { label: 'Name', firstDir: 'asc', words: ALPHABETICAL },
  email: { label: 'Email', firstDir: 'asc', words: ALPHABETICAL },
  state: { label: 'State', firstDir: 'asc', words: ALPHABETICAL },
  church: { label: 'Church', firstDir: 'asc', words: ALPHABETICAL },
  fosterKids: { label: 'Foster kids', firstDir: 'desc', words: BY_COUNT },
  savedAt: { label: 'Saved', firstDir: 'desc', words: BY_DATE },
  signedUp: { label: 'Signed up', firstDir: 'desc', words: BY_DATE },
};

const other = (dir: SortDirection): SortDirection => (dir === 'asc' ? 'desc' : 'asc');

/** Every order the list offers, for the select (the column headers offer most of them too), a column's first click first. */
export const SORT_CHOICES = PROFILE_SORTS.flatMap((sort) => {
  const { label, firstDir, words } = SORTABLE[sort];
  return [firstDir, other(firstDir)].map((dir) => ({ value: `${sort}:${dir}`, label: `${label}, ${words[dir]}` }));
});

/** A click on a column's header: the other direction of the column in use, or the first direction of another. */
export function nextDirection(current: { sort: ProfileSort; dir: SortDirection }, sort: ProfileSort): SortDirection {
  return current.sort === sort ? other(current.dir) : SORTABLE[sort].firstDir;
}
