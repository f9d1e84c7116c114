import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';
import { renderProfile } from '../../testing/render-profile.tsx';

// The member chooses which mails about their work they get, on their profile.

const E = '/api/v1/enterprise/general/auth';
const ALL_ON = { assigned: true, dueTomorrow: true, feedback: true };

describe('the profile’s choice of emails', () => {
  it('shows the three switches as saved, and turning one off saves it at once with the others kept', async () => {
    let saved = { ...ALL_ON, feedback: false };
    const app = renderProfile({
      [`GET ${E}/notification-settings`]: () => ok(saved),
      [`POST ${E}/update-notification-settings`]: (body) => {
        saved = body as typeof saved;
        return ok(saved);
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Emails about your tasks' });
    const assigned = await within(card).findByRole('switch', { name: 'Something is assigned to me' });
    const due = within(card).getByRole('switch', { name: 'A task is due tomorrow' });
    const feedback = within(card).getByRole('switch', { name: 'A reviewer leaves feedback' });
    expect(assigned).toBeChecked();
    expect(due).toBeChecked();
    expect(feedback).not.toBeChecked();
    expect(assigned).toHaveAccessibleDescription(
      'A task or video: one email for everything assigned at once.',
    );

    // Keyboard: focus the switch and press Space, as a person without a mouse does.
    assigned.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('You will not get these emails')).toBeInTheDocument();
    expect(assigned).not.toBeChecked();
    expect(
      app.server.calls.find((call) => call.route.endsWith('update-notification-settings'))?.body,
    ).toEqual({
      assigned: false,
      dueTomorrow: true,
      feedback: false,
    });
  });

  it('a save that fails says why and leaves the switch as it was', async () => {
    renderProfile({
      [`GET ${E}/notification-settings`]: () => ok(ALL_ON),
      [`POST ${E}/update-notification-settings`]: () => fail(500, 'Something went wrong'),
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Emails about your tasks' });
    const due = await within(card).findByRole('switch', { name: 'A task is due tomorrow' });
    await user.click(due);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(due).toBeChecked();
  });

  it('a choice that cannot be read is said, with a way to try again', async () => {
    let calls = 0;
    renderProfile({
      [`GET ${E}/notification-settings`]: () => (++calls === 1 ? fail(500, 'Server down') : ok(ALL_ON)),
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Emails about your tasks' });
    await user.click(await within(card).findByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('switch', { name: 'A reviewer leaves feedback' })).toBeChecked();
  });

  it('is not on a platform admin’s profile (the mails are about a member’s tasks)', async () => {
    renderApp({
      path: '/admin/profile',
      admin: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
        'GET /api/v1/admin/general/auth/factors': () =>
          ok({ authenticatorApp: { enabled: false, since: null }, recoveryCodesLeft: 0, passkeys: 0 }),
        'GET /api/v1/admin/general/auth/passkeys': () => ok({ passkeys: [] }),
        'GET /api/v1/admin/general/auth/sessions': () => ok({ currentPage: 1, totalPages: 0, listdata: [] }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Emails about your tasks' })).not.toBeInTheDocument();
  });
});
