import { enterpriseAuth } from '@coach/shared/contract/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const fromPurchase = (query: string) =>
  `/login?redirect=${encodeURIComponent('/enterprise/my-courses')}&${query}`;

describe('signing in after buying a course', () => {
  it('a buyer sent from the payment page is greeted as a learner, their email already filled in', async () => {
    renderApp({ path: fromPurchase(`email=${encodeURIComponent('lee.buyer+1@example.com')}`) });
    expect(await screen.findByLabelText('Email')).toHaveValue('lee.buyer+1@example.com');
    expect(
      screen.getByText(/Sign in with the email you enrolled with to start your course/),
    ).toBeInTheDocument();
    expect(screen.getByText('for learners')).toBeInTheDocument();
    // Nothing for companies: not their words, and no company account to create.
    expect(screen.queryByText('Sign in to manage your organisation')).not.toBeInTheDocument();
    expect(screen.queryByText('for organisations')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create a company account' })).not.toBeInTheDocument();
  });

  it('a learner signing in to review a course on its page is greeted as a learner too', async () => {
    renderApp({
      path: `/login?redirect=${encodeURIComponent('/marketplace/course-detail/c1')}`,
    });
    expect(await screen.findByText(/to start your course/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('a link whose email is not an address leaves the field empty', async () => {
    renderApp({ path: fromPurchase(`email=${encodeURIComponent('<b>not an address</b>')}`) });
    expect(await screen.findByLabelText('Email')).toHaveValue('');
  });

  it('the ordinary sign-in speaks to all who sign in there, a company account offered on a line of its own', async () => {
    const { container } = renderApp({ path: '/login' });
    expect(
      await screen.findByText('Practise, follow your courses or manage your organisation'),
    ).toBeInTheDocument();
    // Members, a company's learners and its admins all sign in here: just "Coach", not "for organisations".
    expect(container.querySelector('.auth__wordmark')?.textContent).toBe('Coach');
    expect(screen.queryByText('Sign in to manage your organisation')).not.toBeInTheDocument();
    expect(screen.getByText(/Setting up Coach for your organisation\?/)).toHaveClass('auth__signup');
    expect(screen.getByRole('link', { name: 'Create a company account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});

describe('the second step of a sign-in', () => {
  const signInRoutes = {
    [`POST ${enterpriseAuth.login.path}`]: () =>
      ok({ accesstoken: fakeToken(600, 'pre'), mfaRequired: true }),
    [`POST ${enterpriseAuth.mfaDetails.path}`]: () =>
      ok({ maskedEmail: 'l***r@example.com', maskedMobile: null, authenticatorApp: false, passkeys: false }),
  };

  const signIn = async (path: string) => {
    const app = renderApp({ path, routes: signInRoutes });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'lee.buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'Coach-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
    return app;
  };

  it("a learner's sign-in is still a learner's at the code step", async () => {
    const app = await signIn(fromPurchase('email='));
    expect(app.location()).toBe('/auth-check?redirect=%2Fenterprise%2Fmy-courses');
    expect(app.container.querySelector('.auth__wordmark')?.textContent).toBe('Coach for learners');
    expect(screen.queryByText('for organisations')).not.toBeInTheDocument();
  });

  it('an ordinary sign-in reads just "Coach" at the code step too', async () => {
    const app = await signIn('/login');
    expect(app.location()).toBe('/auth-check');
    expect(app.container.querySelector('.auth__wordmark')?.textContent).toBe('Coach');
  });
});
