import { adminContent, type PlatformContent } from '@coach/shared/contract/admin-content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

const video = (title: string, enterpriseCount: number): PlatformContent => ({
  _id: `v-${enterpriseCount}`,
  title,
  description: '',
  category: 'interview',
  coach: '',
  coachId: null,
  videoUrl: 'https://cdn.example/star.mp4',
  hls: false,
  thumbnailUrl: null,
  durationSeconds: 0,
  subtitles: [],
  enterpriseCount,
  likeCount: 0,
  viewCount: 0,
  createdAt: '2026-01-05T09:00:00.000Z',
});

/** The platform library with one video Acme is offered and one nobody has; deleting answers `removed`. */
const renderLibrary = () => {
  const removed: unknown[] = [];
  renderApp({
    path: '/admin/content-library',
    admin: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
      [route(adminContent.list)]: () =>
        ok({
          currentPage: 1,
          totalPages: 1,
          listdata: [video('Answering with STAR', 1), video('Small talk', 0)],
        }),
      [route(adminContent.remove)]: (body) => {
        removed.push(body);
        return ok({ _id: 'v-0' }, 'Video deleted');
      },
    },
  });
  return { removed };
};

const openDelete = async (title: string) => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  return { user, dialog: within(await screen.findByRole('dialog')) };
};

describe('admin content library delete', () => {
  it('platform admin asked to delete a video an enterprise has reads why and is offered only Close', async () => {
    const { removed } = renderLibrary();
    const { user, dialog } = await openDelete('Answering with STAR');
    expect(dialog.getByText(/1 enterprise has this video\. Withdraw it from them first/)).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Delete video' })).not.toBeInTheDocument();
    await user.click(dialog.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(removed).toEqual([]);
  });

  it('platform admin deletes a video no enterprise has', async () => {
    const { removed } = renderLibrary();
    const { user, dialog } = await openDelete('Small talk');
    await user.click(dialog.getByRole('button', { name: 'Delete video' }));
    expect(removed).toEqual([{ contentId: 'v-0' }]);
  });
});
