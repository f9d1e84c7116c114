import type { ManagedCourse } from '@coach/shared/contract/courses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const API = '/api/v1/enterprise/courses';

const course = (over: Partial<ManagedCourse>): ManagedCourse => ({
  _id: 'c1',
  name: 'Confident Phone Calls',
  category: 'Business English',
  description: 'Practise the calls you dread, with feedback on every recording.',
  priceCents: 12900,
  currency: 'AUD',
  duration: '3 weeks',
  level: 'Beginner',
  imageUrl: null,
  published: false,
  rating: 0,
  ratingCount: 0,
  enrolmentCount: 0,
  updatedAt: '2026-03-01T09:00:00.000Z',
  deleteBlockedBy: null,
  ...over,
});

const MISTAKE = course({ _id: 'draft', name: 'Mistaken draft' });
const BOUGHT = course({
  _id: 'bought',
  name: 'Telephone English',
  published: true,
  enrolmentCount: 3,
  deleteBlockedBy: 'enrolments',
});

const openCourses = () => {
  let listed = [MISTAKE, BOUGHT];
  return renderApp({
    path: '/enterprise/courses',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () =>
        ok(makeEnterpriseUser({ roleName: 'admin', enterprise: { enableCourseFeature: true } })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [`GET ${API}/get-courses`]: () =>
        ok({
          currentPage: 1,
          totalPages: 1,
          totalCount: listed.length,
          listdata: listed,
          isInstitution: true,
        }),
      [`POST ${API}/delete-course`]: (body) => {
        listed = listed.filter((c) => c._id !== body.courseId);
        return ok({ _id: String(body.courseId) }, 'Course deleted');
      },
    },
  });
};

describe('deleting a course', () => {
  it('an institution admin deletes a draft after a dialog naming it, and the list no longer shows it', async () => {
    const view = openCourses();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Mistaken draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mistaken draft?' });
    expect(dialog).toHaveAccessibleDescription(/deleted for good/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Course deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Mistaken draft' })).not.toBeInTheDocument(),
    );
    expect(view.server.calls.find((call) => call.route === `POST ${API}/delete-course`)?.body).toEqual({
      courseId: 'draft',
    });
    expect(screen.getByRole('link', { name: 'Telephone English' })).toBeInTheDocument();
  });

  it('an institution admin asking to delete a course people bought is told why it stays, and nothing is sent', async () => {
    const view = openCourses();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Telephone English' }));
    const dialog = await screen.findByRole('dialog', { name: 'Telephone English cannot be deleted' });
    expect(dialog).toHaveAccessibleDescription(
      'People have enrolled in this course, so it stays with their enrolments. Unpublish it to take it off the marketplace.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // The footer's Close (the corner's × is named Close too).
    const [close] = within(dialog).getAllByRole('button', { name: 'Close' });
    if (!close) throw new Error('The dialog offers Close');
    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view.server.calls.some((call) => call.route === `POST ${API}/delete-course`)).toBe(false);
  });
});
