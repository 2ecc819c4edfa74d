import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../testing/render';
import { Pager } from './pager';

function Paged({ pages, start = 1 }: { pages: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pager page={page} pages={pages} onPage={setPage} />;
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('the pager', () => {
  it('is not there when one page holds everything', () => {
    renderWithSite(<Paged pages={1} />);
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    expect(screen.queryByText(/Page \d/)).toBeNull();
  });

  it('walks the pages, and turns off the way that leads nowhere at either end', async () => {
    const { user } = renderWithSite(<Paged pages={3} />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(false);

    await user.click(button('Next page'));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(button('Previous page').disabled).toBe(false);

    await user.click(button('Next page'));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(button('Next page').disabled).toBe(true);

    await user.click(button('Previous page'));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('leads back from a page past the end (an address kept after profiles were deleted)', async () => {
    const { user } = renderWithSite(<Paged pages={2} start={5} />);
    expect(button('Next page').disabled).toBe(true);
    expect(button('Previous page').disabled).toBe(false);
    await user.click(button('Previous page'));
    expect(screen.getByText(/^Page 4 of 2/)).toBeTruthy();
  });
});
