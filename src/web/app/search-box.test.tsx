import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../testing/render';
import { SearchBox } from './search-box';

/** A list page's search: the words in effect live in the page (its address); a Clear button resets them. */
function ListSearch({ onApply }: { onApply: (words: string) => void }) {
  const [words, setWords] = useState('');
  return (
    <>
      <SearchBox
        label="Search posts"
        description={(text) => (text.trim().length === 1 ? 'Type at least 2 letters' : 'Words in titles and messages')}
        value={words}
        maxLength={100}
        onApply={(next) => {
          setWords(next);
          onApply(next);
        }}
      />
      <button type="button" onClick={() => setWords('')}>
        Clear
      </button>
      <p>Showing: {words || 'everything'}</p>
    </>
  );
}

const box = () => screen.getByRole('searchbox', { name: 'Search posts' });

describe('SearchBox', () => {
  it('applies what is typed once the typing pauses, not at every letter', async () => {
    const onApply = vi.fn();
    renderWithSite(<ListSearch onApply={onApply} />);
    // No pause between the letters, as from a quick typist: however busy the machine, all come before the pause ends.
    const typist = userEvent.setup({ delay: null });
    await typist.type(box(), 'foster care');
    expect(onApply).not.toHaveBeenCalled();

    await screen.findByText('Showing: foster care');
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith('foster care');
  });

  it('applies at once on Enter, trimmed', async () => {
    const onApply = vi.fn();
    const { user } = renderWithSite(<ListSearch onApply={onApply} />);
    await user.type(box(), '  respite {Enter}');
    expect(onApply).toHaveBeenCalledWith('respite');
    expect(screen.getByText('Showing: respite')).toBeTruthy();
    // The pause that follows has nothing new to apply.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('shows the words of a change made outside it (Clear), without applying them again', async () => {
    const onApply = vi.fn();
    const { user } = renderWithSite(<ListSearch onApply={onApply} />);
    await user.type(box(), 'meals{Enter}');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect((box() as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Showing: everything')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('describes itself from what is typed', async () => {
    const { user } = renderWithSite(<ListSearch onApply={() => {}} />);
    expect(box().getAttribute('aria-describedby')).toBeTruthy();
    await user.type(box(), 'a');
    const description = document.getElementById(box().getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(description?.textContent).toBe('Type at least 2 letters');
  });
});
