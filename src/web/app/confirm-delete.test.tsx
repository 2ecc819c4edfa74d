import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../testing/render';
import { ConfirmDelete } from './confirm-delete';

/** A page that opens the dialog with a button, as the post and response pages do. */
function Asking({ isPending = false, onConfirm = () => {} }: { isPending?: boolean; onConfirm?: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Post
      </button>
      <ConfirmDelete
        opened={isOpen}
        title="Delete this post?"
        text="The post will be deleted for everyone. This cannot be undone."
        isPending={isPending}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDelete', () => {
  it('asks in a dialog named by its title, and deletes only on "Yes, delete"', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithSite(<Asking onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('goes away on "Keep it" and on Close without deleting', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithSite(<Asking onConfirm={onConfirm} />);
    for (const leave of ['Keep it', 'Close']) {
      await user.click(screen.getByRole('button', { name: 'Delete Post' }));
      await screen.findByRole('dialog');
      await user.click(screen.getByRole('button', { name: leave }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('while deleting, cannot be kept by its button, and a second "Yes" does nothing', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithSite(<Asking isPending onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete Post' }));
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Keep it' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
