import { enterpriseAuth } from '@coach/shared/contract/auth';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeReply, fail, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const CHECK = `POST ${enterpriseAuth.checkResetToken.path}`;

const openLink = (answer: FakeReply) =>
  renderApp({ path: '/password/reset/some-token', routes: { [CHECK]: () => answer } });

describe('the page an invitation link opens', () => {
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

  it('a reset link keeps the platform brand', async () => {
    const { container } = openLink(ok({ valid: true, email: 'owner@acme.example', purpose: 'reset' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(container.querySelector('.auth__wordmark')?.textContent).toBe('Coach for organisations');
  });
});
