import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeReply, fail, fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const ADD = 'POST /api/v1/admin/content/add-content';

describe('the platform video editor sends through the contract form', () => {
  it('asks for the title and the video, places a refusal at its field or above the form, then saves', async () => {
    const answers: FakeReply[] = [
      fail(409, 'The library is being rebuilt'),
      fail(422, 'videoUrl: The video address must be an http(s) address or an uploaded file', {
        field: 'videoUrl',
      }),
      ok({}, 'Video added'),
    ];
    const app = renderApp({
      path: '/admin/create-content',
      admin: verifiedSession(fakeToken(86400, 'admin-user')),
      routes: {
        'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
        [ADD]: () => answers.shift() ?? fail(500, 'No more answers'),
      },
    });
    const user = userEvent.setup();
    const form = (await screen.findByRole('heading', { level: 1, name: 'Add video' })).closest(
      '.admin-content',
    ) as HTMLElement;
    const submit = () => user.click(within(form).getByRole('button', { name: 'Add video' }));
    expect(within(form).getByLabelText(/^Title/)).toHaveAttribute('maxLength', '200');
    expect(within(form).getByLabelText('Description')).toHaveAttribute('maxLength', '2000');

    await submit();
    expect(await screen.findByText('Please enter the title')).toBeInTheDocument();
    expect(screen.getByText('Upload the video file')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route === ADD)).toBe(false);

    await user.type(within(form).getByLabelText(/^Title/), 'Negotiation basics');
    // Each message leaves as soon as its field is right, before the next save.
    expect(screen.queryByText('Please enter the title')).not.toBeInTheDocument();
    expect(screen.getByText('Upload the video file')).toBeInTheDocument();
    await user.click(within(form).getByRole('tab', { name: 'Use an address' }));
    await user.type(within(form).getByLabelText('Video address'), 'https://cdn.example.com/v.mp4');
    expect(screen.queryByText('Upload the video file')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Duration (seconds)'), '1.5');
    await submit();
    expect(await screen.findByText('Duration must be whole seconds')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route === ADD)).toBe(false);

    await user.clear(within(form).getByLabelText('Duration (seconds)'));
    await submit();
    // Above the form and as a toast.
    await waitFor(() => expect(screen.getAllByText('The library is being rebuilt')).toHaveLength(2));

    await submit();
    expect(
      await screen.findByText('The video address must be an http(s) address or an uploaded file'),
    ).toBeInTheDocument();
    // A refusal at a field clears the one above the form and is no toast.
    expect(within(form).queryByText('The library is being rebuilt')).toBeNull();

    await submit();
    expect(await screen.findByText('Video added')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/admin/content-library'));
    expect(app.server.calls.filter((call) => call.route === ADD).at(-1)?.body).toEqual({
      title: 'Negotiation basics',
      description: '',
      category: 'communication',
      coachId: null,
      videoUrl: 'https://cdn.example.com/v.mp4',
      thumbnailUrl: null,
      durationSeconds: 0,
      subtitles: [],
    });
  });
});
