import type { ManagedCourseDetail } from '@coach/shared/contract/courses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type FakeHandler,
  fail,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const API = '/api/v1/enterprise/courses';

const signedInAdmin: Record<string, FakeHandler> = {
  'GET /api/v1/enterprise/general/auth/me': () =>
    ok(makeEnterpriseUser({ roleName: 'admin', enterprise: { enableCourseFeature: true } })),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
  [`GET ${API}/get-courses`]: () => ok({ currentPage: 1, totalPages: 0, listdata: [], isInstitution: true }),
};

const COURSE: ManagedCourseDetail = {
  _id: 'c1',
  name: 'Confident Phone Calls',
  category: 'Business English',
  description: 'Practise the calls you dread, with feedback on every recording.',
  priceCents: 12900,
  currency: 'AUD',
  duration: '3 weeks',
  level: 'Beginner',
  imageUrl: null,
  published: true,
  rating: 0,
  ratingCount: 0,
  enrolmentCount: 0,
  updatedAt: '2026-03-01T09:00:00.000Z',
  deleteBlockedBy: 'published',
  outcomes: ['Open a call with a clear purpose'],
  syllabus: [{ title: 'Starting the call', lessons: [{ title: 'Greeting and purpose', minutes: 15 }] }],
  instructor: { name: 'Ana Ruiz', bio: 'Ana trained call-centre teams.' },
  learnerGroup: null,
};

const openEditor = (routes: Record<string, FakeHandler> = {}) =>
  renderApp({
    path: '/enterprise/course/edit/c1',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: { ...signedInAdmin, [`GET ${API}/get-course-by-id`]: () => ok(COURSE), ...routes },
  });

// Two journeys type some seventy keys through the whole form: on a busy machine that nears vitest's 5 s default.
vi.setConfig({ testTimeout: 20_000 });

describe('course editor: what learners will learn, the syllabus and the instructor', () => {
  it('an institution admin adds an outcome and a module of two lessons by keyboard, and saves them', async () => {
    const view = openEditor({
      [`POST ${API}/edit-course`]: (body) => ok({ ...COURSE, ...body }, 'Course updated'),
    });
    const user = userEvent.setup();
    const outcomes = await screen.findByRole('region', { name: 'What learners will learn' });
    expect(within(outcomes).getByLabelText('Outcome 1')).toHaveValue('Open a call with a clear purpose');

    // A new outcome gets the cursor; moved up with the keyboard, the focus stays on its move buttons.
    await user.click(within(outcomes).getByRole('button', { name: 'Add outcome' }));
    await user.keyboard('Leave a voicemail that gets a call back');
    within(outcomes).getByRole('button', { name: 'Move outcome 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(within(outcomes).getByLabelText('Outcome 1')).toHaveValue(
      'Leave a voicemail that gets a call back',
    );
    expect(within(outcomes).getByRole('button', { name: 'Move outcome 1 down' })).toHaveFocus();

    const syllabus = screen.getByRole('region', { name: 'Syllabus' });
    expect(syllabus).toHaveTextContent('1 module · 1 lesson · 15 min in all');
    await user.click(within(syllabus).getByRole('button', { name: 'Add module' }));
    await user.keyboard('Voicemail');
    const second = within(syllabus).getByRole('group', { name: 'Module 2' });
    await user.type(within(second).getByLabelText('Lesson 1'), 'Thirty seconds that work');
    await user.type(within(second).getByLabelText('Minutes of lesson 1 of module 2'), '20');
    await user.click(within(second).getByRole('button', { name: 'Add lesson to module 2' }));
    await user.keyboard('Calling back');
    await user.type(within(second).getByLabelText('Minutes of lesson 2 of module 2'), 'ten');
    expect(syllabus).toHaveTextContent('2 modules · 3 lessons · 35 min in all');

    // Minutes that are not a number are caught before sending, under the lesson, which gets the focus.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const minutes = within(second).getByLabelText('Minutes of lesson 2 of module 2');
    await waitFor(() => expect(minutes).toHaveFocus());
    expect(minutes).toHaveAccessibleDescription('Enter the minutes, 1 to 600');
    expect(view.server.calls.some((call) => call.route.endsWith('edit-course'))).toBe(false);

    // Moving the module up carries its lessons and its message along.
    within(second).getByRole('button', { name: 'Move module 2 up' }).focus();
    await user.keyboard('{Enter}');
    const first = within(syllabus).getByRole('group', { name: 'Module 1' });
    expect(within(first).getByLabelText('Module title')).toHaveValue('Voicemail');
    expect(within(first).getByLabelText('Minutes of lesson 2 of module 1')).toHaveAccessibleDescription(
      'Enter the minutes, 1 to 600',
    );
    await user.clear(within(first).getByLabelText('Minutes of lesson 2 of module 1'));
    await user.type(within(first).getByLabelText('Minutes of lesson 2 of module 1'), '10');
    expect(within(first).getByLabelText('Minutes of lesson 2 of module 1')).not.toHaveAccessibleDescription();
    expect(first).toHaveTextContent('2 lessons · 30 min');
    expect(syllabus).toHaveTextContent('2 modules · 3 lessons · 45 min in all');

    const instructor = screen.getByRole('region', { name: 'Instructor' });
    await user.clear(within(instructor).getByLabelText("Instructor's name"));
    await user.type(within(instructor).getByLabelText("Instructor's name"), 'Dr Maya Chen');
    // A price pasted with its sign and a thousands comma is taken as the amount it says.
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '$1,249.50');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(view.location()).toBe('/enterprise/courses'));
    const sent = view.server.calls.find((call) => call.route === `POST ${API}/edit-course`)?.body;
    expect(sent).toMatchObject({
      courseId: 'c1',
      priceCents: 124950,
      outcomes: ['Leave a voicemail that gets a call back', 'Open a call with a clear purpose'],
      syllabus: [
        {
          title: 'Voicemail',
          lessons: [
            { title: 'Thirty seconds that work', minutes: 20 },
            { title: 'Calling back', minutes: 10 },
          ],
        },
        { title: 'Starting the call', lessons: [{ title: 'Greeting and purpose', minutes: 15 }] },
      ],
      instructor: { name: 'Dr Maya Chen', bio: 'Ana trained call-centre teams.' },
    });
  });

  it('removes outcomes, modules and lessons, leaving the focus on a neighbour, and names no instructor', async () => {
    const view = openEditor({
      [`POST ${API}/edit-course`]: (body) => ok({ ...COURSE, ...body }, 'Course updated'),
    });
    const user = userEvent.setup();
    const outcomes = await screen.findByRole('region', { name: 'What learners will learn' });
    await user.click(within(outcomes).getByRole('button', { name: 'Remove outcome 1' }));
    expect(within(outcomes).getByText('None yet: the course page leaves this part out.')).toBeVisible();
    expect(within(outcomes).getByRole('button', { name: 'Add outcome' })).toHaveFocus();

    const syllabus = screen.getByRole('region', { name: 'Syllabus' });
    const module = within(syllabus).getByRole('group', { name: 'Module 1' });
    await user.click(within(module).getByRole('button', { name: 'Remove lesson 1 of module 1' }));
    expect(within(module).getByRole('button', { name: 'Add lesson to module 1' })).toHaveFocus();
    // A module without lessons is refused, and says so in the module.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(module).findByText('Add at least one lesson to this module')).toBeVisible();
    await user.click(within(module).getByRole('button', { name: 'Remove module 1' }));
    expect(within(syllabus).getByText('No modules yet: the course page shows no syllabus.')).toBeVisible();

    const instructor = screen.getByRole('region', { name: 'Instructor' });
    await user.clear(within(instructor).getByLabelText("Instructor's name"));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // A bio without a name is not an instructor yet.
    expect(await within(instructor).findByText("Please enter the instructor's name")).toBeVisible();
    await user.clear(within(instructor).getByLabelText('About the instructor'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(view.location()).toBe('/enterprise/courses'));
    const sent = view.server.calls.find((call) => call.route === `POST ${API}/edit-course`)?.body;
    expect(sent).toMatchObject({ outcomes: [], syllabus: [], instructor: null });
  });

  it('a row added after a refused save waits, empty, without a message; the rows already there keep theirs', async () => {
    openEditor();
    const user = userEvent.setup();
    const outcomes = await screen.findByRole('region', { name: 'What learners will learn' });
    await user.clear(within(outcomes).getByLabelText('Outcome 1'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const first = within(outcomes).getByLabelText('Outcome 1');
    await waitFor(() => expect(first).toHaveAttribute('aria-invalid', 'true'));
    await user.click(within(outcomes).getByRole('button', { name: 'Add outcome' }));
    const added = within(outcomes).getByLabelText('Outcome 2');
    expect(added).not.toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    const syllabus = screen.getByRole('region', { name: 'Syllabus' });
    await user.click(within(syllabus).getByRole('button', { name: 'Add module' }));
    const module = within(syllabus).getByRole('group', { name: 'Module 2' });
    const invalidIn = (part: HTMLElement) => part.querySelectorAll('[aria-invalid="true"]').length;
    expect(invalidIn(module)).toBe(0);
    // Typed in and emptied again, or saved again, the new rows are checked like the others.
    await user.type(added, 'x');
    await user.clear(added);
    expect(added).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(invalidIn(module)).toBeGreaterThan(0));
  });

  it('shows the server refusing a part of the outline above the form', async () => {
    openEditor({
      [`POST ${API}/edit-course`]: () =>
        fail(422, 'syllabus.0.lessons.0.minutes: At most 600 minutes', {
          code: 'VALIDATION_FAILED',
          field: 'syllabus.0.lessons.0.minutes',
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 600 minutes');
  });

  it('starts a new course with each part empty', async () => {
    renderApp({
      path: '/enterprise/create-courses',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAdmin,
    });
    const syllabus = await screen.findByRole('region', { name: 'Syllabus' });
    expect(within(syllabus).getByText('No modules yet: the course page shows no syllabus.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'What learners will learn' })).toHaveTextContent('None yet');
    expect(screen.getByLabelText("Instructor's name")).toHaveValue('');
  });

  it('takes a message away as soon as its field is put right, without another save', async () => {
    const view = openEditor();
    const user = userEvent.setup();
    const price = await screen.findByLabelText('Price');
    await user.clear(price);
    await user.type(price, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(price).toHaveAccessibleDescription(/Enter a price like 129 or 129\.50$/));
    await user.clear(price);
    await user.type(price, '149.50');
    await waitFor(() => expect(price).toHaveAccessibleDescription('0 makes the course free.'));
    expect(view.server.calls.some((call) => call.route.endsWith('edit-course'))).toBe(false);
  });

  it("says where the course's lessons are assigned, with the way to each library", async () => {
    openEditor({
      'GET /api/v1/enterprise/general/auth/me': () =>
        ok(
          makeEnterpriseUser({
            roleName: 'admin',
            permissions: ['dashboard', 'task-library', 'content-library'],
            enterprise: { enableCourseFeature: true },
          }),
        ),
      [`GET ${API}/get-course-by-id`]: () =>
        ok({ ...COURSE, learnerGroup: { _id: 'g9', name: 'Calls that Convert · learners' } }),
    });
    const note = (await screen.findByText(/Buyers join the group Calls that Convert · learners/)).closest(
      'p',
    );
    expect(
      within(note as HTMLElement).getByRole('link', { name: 'Assign tasks in the Tasks Library' }),
    ).toHaveAttribute('href', '/enterprise/tasks-library');
    expect(
      within(note as HTMLElement).getByRole('link', { name: 'Assign videos in the Content Library' }),
    ).toHaveAttribute('href', '/enterprise/content-library');
  });

  it('a draft never on the marketplace can be deleted from its page, after a dialog; then the list shows', async () => {
    const view = openEditor({
      [`GET ${API}/get-course-by-id`]: () => ok({ ...COURSE, published: false, deleteBlockedBy: null }),
      [`POST ${API}/delete-course`]: (body) => ok({ _id: String(body.courseId) }, 'Course deleted'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Confident Phone Calls?' });
    expect(view.server.calls.some((call) => call.route === `POST ${API}/delete-course`)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Course deleted')).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/enterprise/courses'));
    expect(view.server.calls.find((call) => call.route === `POST ${API}/delete-course`)?.body).toEqual({
      courseId: 'c1',
    });
  });

  it('a course that has been on the marketplace offers no Delete on its page', async () => {
    openEditor();
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
