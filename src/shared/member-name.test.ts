import { describe, expect, it } from 'vitest';
import { displayNameOf, FORMER_MEMBER, UNNAMED_MEMBER } from './member-name';

describe('displayNameOf', () => {
  it('names a deleted account FORMER_MEMBER whatever names were copied, and a nameless one UNNAMED_MEMBER', () => {
    expect(displayNameOf({ isDeleted: true, firstName: 'Dora', lastName: 'Deleted' })).toEqual({
      name: FORMER_MEMBER,
      isFormerMember: true,
    });
    expect(displayNameOf({ isDeleted: false, firstName: ' Dora ', lastName: 'Day' })).toEqual({ name: 'Dora Day', isFormerMember: false });
    expect(displayNameOf({ isDeleted: false, firstName: 'Dora Day' })).toEqual({ name: 'Dora Day', isFormerMember: false });
    expect(displayNameOf({ isDeleted: false, firstName: null, lastName: 'Day' }).name).toBe('Day');
    expect(displayNameOf({ isDeleted: false, firstName: '', lastName: '  ' })).toEqual({ name: UNNAMED_MEMBER, isFormerMember: false });
  });
});
