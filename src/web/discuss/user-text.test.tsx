import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../testing/render';
import { UserText } from './user-text';

describe('a member’s words in a list preview', () => {
  it('links web addresses, for a new tab, uncredited, and shows markup as typed', () => {
    renderWithSite(<UserText text="Sign up at https://example.org/respite. <b>Bring</b> a friend" isCut={false} />);
    const link = screen.getByRole('link', { name: 'https://example.org/respite' });
    expect(link.getAttribute('href')).toBe('https://example.org/respite');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'nofollow', 'ugc']));
    expect(screen.getByText(/<b>Bring<\/b> a friend/)).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
  });

  it('leaves as text an address the excerpt was cut in, and links the whole ones before it', () => {
    renderWithSite(<UserText text="See https://example.org/a and https://example.org/long-addr…" isCut />);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://example.org/a']);
    expect(screen.getByText(/https:\/\/example\.org\/long-addr…/)).toBeTruthy();
  });

  it('never links another scheme', () => {
    renderWithSite(<UserText text="javascript:alert(1) and data:text/html,hi" />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
