import { enterpriseAuth } from '@coach/shared/contract/auth';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeReply, fail, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const CHECK = `POST ${enterpriseAuth.checkResetToken.path}`;
const RESET = `POST ${enterpriseAuth.resetPassword.path}`;
/** A token as long as the contract asks (the reset call checks it before sending). */
const TOKEN = 'abcdefabcdefabcdef';

const openLink = (answer: FakeReply, path = '/password/reset/some-token') =>
  renderApp({ path, routes: { [CHECK]: () => answer, [RESET]: () => ok({}) } });

/** Chooses the first password on the page the link opened, as the invitee does. */
const choosePassword = async () => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Password'), 'a-long-new-password');
  await user.type(screen.getByLabelText('Confirm password'), 'a-long-new-password');
  await user.click(screen.getByRole('button', { name: 'Set password' }));
};

describe('the page an invitation link opens', () => {
  it('a sign-in already open takes the address a link sends it on with', async () => {
    const app = renderApp({ path: '/login', routes: {} });
    const field = await screen.findByLabelText('Email', { exact: true });
    expect(field).toHaveValue('');
    await act(() => app.router.navigate('/login?email=nina.new%40acme.example', { replace: true }));
    await waitFor(() => expect(field).toHaveValue('nina.new@acme.example'));
  });

  it('an invitee opening their link a second time is told in invitation words to sign in or ask for a new one', async () => {
    openLink(
      fail(400, 'This link is invalid or has expired', { code: ERROR_CODES.invitationEnded, field: 'token' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'This invitation link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Invitation links work only once/)).toBeInTheDocument();
    expect(screen.queryByText(/Reset links expire/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a new link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('someone opening a reset link that no longer works still gets the reset wording', async () => {
    openLink(
      fail(400, 'This link is invalid or has expired', { code: ERROR_CODES.validation, field: 'token' }),
    );
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText(/Reset links expire/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });

  it("an invitee choosing their first password sees the inviting company's name and logo, not only Coach's", async () => {
    const { container } = openLink(
      ok({
        valid: true,
        email: 'anna@acme.example',
        purpose: 'invite',
        company: { name: 'Acme Learning', logoUrl: '/uploads/acme-logo.png' },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Welcome! Choose your password' })).toBeInTheDocument();
    expect(screen.getByText('Acme Learning has invited you to Coach.')).toBeInTheDocument();
    expect(container.querySelector('.auth__brand')?.textContent).toBe('Acme Learning');
    expect(container.querySelector('.auth__brand img')).toHaveAttribute('src', '/uploads/acme-logo.png');
    expect(screen.queryByText('for organisations')).not.toBeInTheDocument();
  });

  it("a reset link keeps the platform's brand, for learners and owners alike", async () => {
    const { container } = openLink(ok({ valid: true, email: 'owner@acme.example', purpose: 'reset' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(container.querySelector('.auth__wordmark')?.textContent).toBe('Coach');
  });
});

describe('after choosing the first password', () => {
  it("a buyer from the enrolment mail goes on to the learner's sign-in, their email filled in, bound for My courses", async () => {
    const app = openLink(
      ok({
        valid: true,
        email: 'lee.buyer+1@example.com',
        purpose: 'invite',
        company: { name: 'Pacific Training Group', logoUrl: null },
      }),
      // The enrolment mail's link: the token, and where the buyer is going.
      `/password/reset/${TOKEN}?redirect=${encodeURIComponent('/enterprise/my-courses')}`,
    );
    await choosePassword();
    await waitFor(() =>
      expect(app.location()).toBe(
        `/login?redirect=%2Fenterprise%2Fmy-courses&email=${encodeURIComponent('lee.buyer+1@example.com')}`,
      ),
    );
    expect(await screen.findByText('Your password is set. Please sign in.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toHaveValue('lee.buyer+1@example.com');
    expect(screen.getByText('for learners')).toBeInTheDocument();
    expect(screen.getByText(/to start your course/)).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route === RESET)?.body).toEqual({
      token: TOKEN,
      password: 'a-long-new-password',
    });
  });

  it('an invited member goes on to the sign-in with their email filled in', async () => {
    const app = openLink(
      ok({
        valid: true,
        email: 'anna@acme.example',
        purpose: 'invite',
        company: { name: 'Acme Learning', logoUrl: null },
      }),
      `/password/reset/${TOKEN}`,
    );
    await choosePassword();
    await waitFor(() => expect(app.location()).toBe('/login?email=anna%40acme.example'));
    expect(await screen.findByLabelText('Email')).toHaveValue('anna@acme.example');
    expect(screen.getByText('Practise, follow your courses or manage your organisation')).toBeInTheDocument();
  });

  it('a member who reset a forgotten password goes on to the sign-in with their email filled in', async () => {
    const app = openLink(
      ok({ valid: true, email: 'owner@acme.example', purpose: 'reset' }),
      `/password/reset/${TOKEN}`,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'a-long-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(app.location()).toBe('/login?email=owner%40acme.example'));
    expect(await screen.findByLabelText('Email')).toHaveValue('owner@acme.example');
  });

  it('a link whose redirect leaves the site is not followed: the sign-in gets the email only', async () => {
    const app = openLink(
      ok({ valid: true, email: 'anna@acme.example', purpose: 'invite' }),
      `/password/reset/${TOKEN}?redirect=${encodeURIComponent('//evil.example/my-courses')}`,
    );
    await choosePassword();
    await waitFor(() => expect(app.location()).toBe('/login?email=anna%40acme.example'));
  });

  it('an invitation link opened again keeps its way to My courses on the Sign in button', async () => {
    openLink(
      fail(400, 'This link is invalid or has expired', { code: ERROR_CODES.invitationEnded, field: 'token' }),
      `/password/reset/${TOKEN}?redirect=${encodeURIComponent('/enterprise/my-courses')}`,
    );
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fenterprise%2Fmy-courses',
    );
  });
});
