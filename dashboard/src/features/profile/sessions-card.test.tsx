import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
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

  it('names the device in the reader’s language, and a script’s own header as it came', async () => {
    await applyLanguage('es');
    const session = {
      ip: '203.0.113.7',
      createdAt: '2026-03-01T09:00:00.000Z',
      lastUsedAt: '2026-03-02T09:00:00.000Z',
    };
    renderProfile({
      [`GET ${PROFILE_API}/sessions`]: () =>
        ok({
          listdata: [
            {
              ...session,
              _id: 's1',
              current: true,
              device: 'Chrome 156 on Linux',
              browser: 'Chrome 156',
              system: 'Linux',
            },
            {
              ...session,
              _id: 's2',
              current: false,
              device: 'A browser on Linux',
              browser: null,
              system: 'Linux',
            },
            { ...session, _id: 's3', current: false, device: 'curl/8.5.0', browser: null, system: null },
          ],
        }),
    });
    const list = await screen.findByRole('list', { name: 'Sesiones iniciadas' });
    expect(within(list).getByText('Chrome 156 en Linux')).toBeInTheDocument();
    expect(within(list).getByText('Un navegador en Linux')).toBeInTheDocument();
    expect(within(list).getByText('curl/8.5.0')).toBeInTheDocument();
    expect(within(list).queryByText(/ on /)).not.toBeInTheDocument();
  });
});
