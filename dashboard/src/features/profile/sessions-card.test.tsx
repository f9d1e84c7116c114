import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/fake-server.ts';
import { PROFILE_API, renderProfile } from '../../testing/render-profile.tsx';

describe('where you are signed in', () => {
  it('shows each address left to right, whatever the page’s direction ("::1" read "1::" in Arabic)', async () => {
    renderProfile({
      [`GET ${PROFILE_API}/sessions`]: () =>
        ok({
          listdata: [
            {
              _id: 's1',
              device: 'Chrome 156 on Linux',
              ip: '::1',
              createdAt: '2026-03-01T09:00:00.000Z',
              lastUsedAt: '2026-03-02T09:00:00.000Z',
              current: true,
            },
          ],
        }),
    });
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    expect(within(list).getByText('::1')).toHaveAttribute('dir', 'ltr');
  });
});
