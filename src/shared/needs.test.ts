import { describe, expect, it } from 'vitest';
import { contactDetailIn, needInputSchema, type NeedInput } from './needs';

const valid: NeedInput = {
  kind: 'items',
  title: 'A twin bunk bed',
  description: 'Two brothers joined the family this week and share a room.',
  city: 'Springfield',
  state: 'MO',
  zip: '65802',
  urgency: 'normal',
  items: [{ name: 'Twin bunk bed', quantity: 1, unitValue: 300 }],
  familyConsent: true,
};

describe("a need's text", () => {
  it.each([
    ['Call 417-555-0100 after six', 'phone number'],
    ['call (417) 555 0100', 'phone number'],
    ['+1 417.555.0100', 'phone number'],
    ['write to grace@example.org', 'email address'],
    ['drop it at 1445 N Boonville Ave', 'street address'],
    ['we live at 12 Oak Street, Springfield', 'street address'],
    ['en la 200 Calle Principal', 'street address'],
  ])('refuses %j (a %s), naming the field', (text, what) => {
    expect(contactDetailIn(text, 'Description')).toMatch(new RegExp(`^Description must not hold an? ${what}`));
  });

  it.each(['4 evenings for a family of 5', 'a car seat for a 2-year-old', 'size 10 shoes, 3 pairs', 'needed by 10/12', '$40 each, 2026'])(
    'accepts %j',
    (text) => {
      expect(contactDetailIn(text, 'Description')).toBeNull();
    },
  );

  it('is checked in the title, the description and every item, with the field named', () => {
    const found = needInputSchema.safeParse({
      ...valid,
      title: 'Bed, call 417-555-0100',
      items: [{ name: 'Bed', quantity: 1, unitValue: 300, note: 'bring to 12 Oak Street' }],
    });
    expect(found.success).toBe(false);
    const issues = found.error!.issues.map((i) => [i.path.join('.'), i.message.split(':')[0]]);
    expect(issues).toEqual([
      ['title', 'Title must not hold a phone number'],
      ['items.0.note', 'Details must not hold a street address'],
    ]);
  });

  it("needs the family's consent", () => {
    const found = needInputSchema.safeParse({ ...valid, familyConsent: false });
    expect(found.error?.issues.map((i) => i.message)).toEqual(['Confirm that the family agreed to this request']);
    expect(needInputSchema.parse(valid).items[0]).toEqual({ name: 'Twin bunk bed', quantity: 1, unitValue: 300, note: null });
  });
});
