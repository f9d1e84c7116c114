import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';
import { FormDialog } from './form-dialog.tsx';

const open = () => {
  const onClose = vi.fn();
  render(
    <FormDialog
      title="Add word"
      formError={undefined}
      submitLabel="Add"
      saving={false}
      onSubmit={vi.fn()}
      onClose={onClose}
    >
      <label>
        Word
        <input name="word" />
      </label>
    </FormDialog>,
  );
  return onClose;
};

describe('a form dialog', () => {
  it('closes on Escape at once while nothing was typed', async () => {
    const onClose = open();
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Escape throws away what was typed, and keeps it on Keep editing', async () => {
    const onClose = open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Word'), 'onboar');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Close without saving? What you typed here is lost.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Word')).toHaveValue('onboar');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Cancel is a choice of its own: it closes without asking', async () => {
    const onClose = open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Word'), 'onboar');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('any dialog with a field asks the same, and a media dialog does not (its inputs are the player)', async () => {
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <Dialog open onOpenChange={onOpenChange} title="Invite a member">
        <label>
          Name
          <input />
        </label>
      </Dialog>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Close without saving?');
    rerender(
      <Dialog open onOpenChange={onOpenChange} title="Video" size="wide">
        <label>
          Volume
          <input type="range" />
        </label>
      </Dialog>,
    );
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
