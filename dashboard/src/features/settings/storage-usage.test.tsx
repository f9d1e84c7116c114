import type { StorageUsage } from '@coach/shared/contract/general';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import {
  type FakeHandler,
  fail,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const GB = 1024 ** 3;
const USAGE = 'GET /api/v1/enterprise/general/storage-usage';

const openSettings = (usage: FakeHandler) =>
  renderApp({
    path: '/enterprise/settings',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ roleName: 'admin' })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [USAGE]: usage,
    },
  });

const storageCard = async () => screen.findByRole('region', { name: 'Storage' });

describe('storage usage in Settings', () => {
  it('shows the organisation’s storage against its quota with a bar', async () => {
    const usage: StorageUsage = { usedBytes: 1.2 * GB, reservedBytes: 0, quotaBytes: 10 * GB };
    const app = openSettings(() => ok(usage));
    const card = await storageCard();
    expect(await within(card).findByText(/of 10 GB used/)).toHaveTextContent('Storage: 1.2 GB of 10 GB used');
    expect(within(card).getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
    expect(within(card).getByText(/images 5 MB, recordings 50 MB, videos 1 GB/)).toBeInTheDocument();
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route === USAGE)).toHaveLength(1);
  });

  it('counts uploads under way in the bar and warns when the quota is nearly full', async () => {
    openSettings(() => ok({ usedBytes: 9 * GB, reservedBytes: 0.5 * GB, quotaBytes: 10 * GB }));
    const card = await storageCard();
    expect(await within(card).findByText(/of 10 GB used/)).toHaveTextContent('Storage: 9 GB of 10 GB used');
    expect(within(card).getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
      'aria-valuenow',
      '95',
    );
    expect(within(card).getByText('512 MB more is being uploaded.')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent(
      'Storage is nearly full: uploads that do not fit are refused.',
    );
  });

  it('says while it loads, and when loading fails offers Try again', async () => {
    let attempts = 0;
    // The first answer waits until the test has seen the loading state (a fast fake could beat it).
    let answerFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    openSettings(async () => {
      attempts += 1;
      if (attempts > 1) return ok({ usedBytes: 0, reservedBytes: 0, quotaBytes: 10 * GB });
      await firstAnswered;
      return fail(500, 'The database is not answering');
    });
    const card = await storageCard();
    expect(
      await within(card).findByRole('status', { name: 'Loading the storage usage' }),
    ).toBeInTheDocument();
    answerFirst();
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('The storage usage could not be loaded');
    expect(alert).toHaveTextContent('The database is not answering');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText(/of 10 GB used/)).toHaveTextContent('Storage: 0 KB of 10 GB used');
  });

  it('writes the sizes in the reader’s language: decimal comma in Spanish, Persian digits in Dari', async () => {
    const usage: StorageUsage = { usedBytes: 2437, reservedBytes: 10, quotaBytes: 10 * GB };
    await applyLanguage('es');
    const spanish = openSettings(() => ok(usage));
    const card = await screen.findByRole('region', { name: 'Almacenamiento' });
    expect(await within(card).findByText(/usados de/)).toHaveTextContent(
      'Almacenamiento: 2,38 KB usados de 10 GB',
    );
    expect(within(card).getByText('Se están subiendo 0,01 KB más.')).toBeInTheDocument();
    expect(within(card).getByText(/imágenes 5 MB, grabaciones 50 MB, vídeos 1 GB/)).toBeInTheDocument();
    spanish.unmount();

    await applyLanguage('fa');
    openSettings(() => ok(usage));
    const figure = await screen.findByText((_, node) => node?.classList.contains('storage__figure') ?? false);
    await waitFor(() => expect(figure).toHaveTextContent('۲٫۳۸ KB'));
    expect(figure).toHaveTextContent('۱۰ GB');
    // Every size on the card (the bar's own percentage is not a size).
    const sizes = [...document.querySelectorAll('.storage__figure, .storage__note')].map(
      (p) => p.textContent,
    );
    expect(sizes.join('\n')).toContain('۰٫۰۱ KB');
    expect(sizes.join('\n')).not.toMatch(/[0-9]/);
  });
});
