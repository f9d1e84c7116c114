import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';
import { DropdownMenu, DropdownMenuItem } from './dropdown-menu.tsx';

/** A dialog opened from state, as the screens do (no Radix trigger), shown only while open. */
const Screen = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Play Answering with STAR
      </button>
      {open ? <Dialog open onOpenChange={setOpen} title="Answering with STAR" /> : null}
    </>
  );
};

/** Add enterprise: a form whose first field takes the focus as it appears (autoFocus). */
const AddScreen = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add enterprise
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen} title="Add an enterprise">
          <label>
            Company name
            <input autoFocus />
          </label>
        </Dialog>
      ) : null}
    </>
  );
};

/** The content library's row menu: Delete opens a confirmation while the menu closes. */
const MenuScreen = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu
        label="Actions for Answering with STAR"
        trigger={<button type="button">Actions for Answering with STAR</button>}
      >
        <DropdownMenuItem onSelect={() => setOpen(true)}>Delete</DropdownMenuItem>
      </DropdownMenu>
      <Dialog open={open} onOpenChange={setOpen} title="Delete Answering with STAR?" />
    </>
  );
};

describe('dialog', () => {
  it('gives the focus back to the control that opened it, by keyboard alone', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Play Answering with STAR' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Answering with STAR' })).toBeInTheDocument();
    expect(opener).not.toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('platform admin closes Add enterprise with Escape and is back on its button, though a field took the focus', async () => {
    const user = userEvent.setup();
    render(<AddScreen />);
    await user.click(screen.getByRole('button', { name: 'Add enterprise' }));
    expect(await screen.findByRole('textbox', { name: 'Company name' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add enterprise' })).toHaveFocus());
  });

  it('platform admin cancels a delete chosen from a row menu and is back on the menu button', async () => {
    const user = userEvent.setup();
    render(<MenuScreen />);
    await user.click(screen.getByRole('button', { name: 'Actions for Answering with STAR' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete Answering with STAR?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for Answering with STAR' })).toHaveFocus(),
    );
  });
});
