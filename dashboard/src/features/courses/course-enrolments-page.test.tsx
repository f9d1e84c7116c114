import type { Enrolment } from '@coach/shared/contract/courses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

// An institution chases a buyer who never set a password: the enrolment mail goes again, from their row.

const API = '/api/v1/enterprise/courses';
const row = (over: Partial<Enrolment>): Enrolment => ({
  _id: 'e1',
  name: 'Rae Resend',
  email: 'rae@example.com',
  paymentStatus: 'paid',
  learner: { _id: 'u1', name: 'Rae Resend', state: 'invited' },
  amountCents: 12900,
  currency: 'AUD',
  createdAt: '2026-03-01T09:00:00.000Z',
  paidAt: '2026-03-01T09:01:00.000Z',
  ...over,
});

const open = (
  takings = [{ currency: 'AUD', paid: 2, paidCents: 25800, refunded: 1, refundedCents: 12900 }],
  amountCents = 12900,
) =>
  renderApp({
    path: '/enterprise/course-enrollments/c1',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () =>
        ok(makeEnterpriseUser({ roleName: 'admin', enterprise: { enableCourseFeature: true } })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [`GET ${API}/get-course-enrollments`]: () =>
        ok({
          currentPage: 1,
          totalPages: 1,
          totalCount: 2,
          course: { _id: 'c1', name: 'Confident Phone Calls' },
          takings,
          listdata: [
            row({ amountCents }),
            row({
              _id: 'e2',
              name: 'Sam Started',
              email: 'sam@example.com',
              learner: { _id: 'u2', name: 'Sam Started', state: 'active' },
              amountCents,
            }),
          ],
        }),
      [`POST ${API}/resend-enrollment-mail`]: (body) =>
        ok(
          row({ _id: String((body as { enrolmentId: string }).enrolmentId) }),
          'Email sent again to rae@example.com',
        ),
    },
  });

describe('course enrolments', () => {
  it('offers to send the email again only to a buyer who has not set a password, and says it went', async () => {
    const view = open();
    const rae = (await screen.findByText('rae@example.com')).closest('tr') as HTMLElement;
    const sam = screen.getByText('sam@example.com').closest('tr') as HTMLElement;
    expect(within(sam).queryByRole('button', { name: /Send the email again/ })).toBeNull();
    await userEvent
      .setup()
      .click(within(rae).getByRole('button', { name: 'Send the email again to Rae Resend' }));
    expect(await screen.findByText('Email sent again to rae@example.com')).toBeInTheDocument();
    await waitFor(() =>
      expect(view.server.calls.find((call) => call.route.endsWith('resend-enrollment-mail'))?.body).toEqual({
        courseId: 'c1',
        enrolmentId: 'e1',
      }),
    );
  });

  it('says what the course has taken over all its enrolments, the refunds apart', async () => {
    open();
    const facts = await screen.findByLabelText('Takings');
    expect(facts).toHaveTextContent('Enrolled2');
    expect(facts).toHaveTextContent('ReceivedA$258.00');
    expect(facts).toHaveTextContent('Refunded1 · A$129.00 paid back');
  });

  it('writes amounts, not prices: a free course received A$0.00, and no refund is 0', async () => {
    open([{ currency: 'AUD', paid: 3, paidCents: 0, refunded: 0, refundedCents: 0 }]);
    const facts = await screen.findByLabelText('Takings');
    expect(facts).toHaveTextContent('Enrolled3');
    expect(facts).toHaveTextContent('ReceivedA$0.00');
    expect(facts).toHaveTextContent(/Refunded0$/);
    expect(facts).not.toHaveTextContent('Free');
  });

  it('a free enrolment reads "Enrolled, free", not "Paid", and offers no refund', async () => {
    open([{ currency: 'AUD', paid: 2, paidCents: 0, refunded: 0, refundedCents: 0 }], 0);
    const sam = (await screen.findByText('sam@example.com')).closest('tr') as HTMLElement;
    expect(within(sam).getByText('Enrolled, free')).toBeInTheDocument();
    expect(within(sam).queryByText('Paid')).toBeNull();
    expect(within(sam).queryByRole('button', { name: /Refund/ })).toBeNull();
  });
});
