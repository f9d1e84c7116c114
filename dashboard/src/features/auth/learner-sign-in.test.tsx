import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('an organisation member signing in as usual still reads the words for organisations', async () => {
    renderApp({ path: '/login' });
    expect(await screen.findByText('Sign in to manage your organisation')).toBeInTheDocument();
    expect(screen.getByText('for organisations')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a company account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
