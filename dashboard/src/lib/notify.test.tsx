import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToaster } from '../app/toaster.tsx';
import { notify } from './notify.ts';

afterEach(() => {
  act(() => toast.remove());
});

describe('toasts (spec §8)', () => {
  it('the same message shown twice appears once', async () => {
    render(<AppToaster />);
    act(() => {
      notify.error('Invalid email or password');
      notify.error('Invalid email or password');
    });
    expect(await screen.findAllByText('Invalid email or password')).toHaveLength(1);
  });

  it('different messages are all shown, newest on top', async () => {
    render(<AppToaster />);
    act(() => {
      notify.success('Profile updated');
      notify.error('Password changed elsewhere');
    });
    const toasts = await screen.findAllByRole('status');
    expect(toasts.map((node) => node.textContent)).toEqual(['Password changed elsewhere', 'Profile updated']);
  });
});
