import type { MySurvey, Survey, SurveyResults } from '@coach/shared/contract/surveys';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import {
  type FakeHandler,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const API = '/api/v1/enterprise/surveys';

const signedIn = (permissions: string[]): Record<string, FakeHandler> => ({
  'GET /api/v1/enterprise/general/auth/me': () =>
    ok(makeEnterpriseUser({ permissions: permissions as never })),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, ['Melbourne Office']),
});

const QUESTION = {
  id: 'q1',
  type: 'multiple-choice' as const,
  text: 'How clear is communication?',
  options: [
    { text: 'Clear', value: 'clear' },
    { text: 'Unclear', value: 'unclear' },
  ],
  hasOther: true,
  otherText: 'Something else',
  multipleSelection: false,
  required: true,
};

const makeSurvey = (overrides: Partial<Survey> = {}): Survey => ({
  _id: 's1',
  title: 'Team pulse',
  status: 'Active',
  questionCount: 1,
  assignedCount: 4,
  invitedCount: 0,
  responseCount: 2,
  groupCount: 1,
  expirySeconds: null,
  dueAt: null,
  publishedAt: '2026-03-01T09:00:00.000Z',
  closedAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  description: null,
  questions: [QUESTION],
  groups: [{ _id: 'g1', name: 'Melbourne Office', memberCount: 4, invitedCount: 0 }],
  members: [],
  ...overrides,
});

describe('surveys', () => {
  it('a manager builds two questions, moves the second up with the keyboard and saves a draft', async () => {
    const view = renderApp({
      path: '/enterprise/surveys/manage',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...signedIn(['surveys']),
        [`POST ${API}/add-survey`]: (body) =>
          ok(
            makeSurvey({ _id: 'new1', status: 'Draft', title: String(body.title) }),
            'Survey saved as a draft',
          ),
        [`POST ${API}/get-survey`]: () => ok(makeSurvey({ _id: 'new1', status: 'Draft' })),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Weekly check-in');
    const first = screen.getByRole('group', { name: 'Question 1' });
    await user.type(within(first).getByLabelText('Question'), 'How was your week?');
    await user.type(within(first).getByLabelText('Option 1'), 'Good');
    await user.type(within(first).getByLabelText('Option 2'), 'Hard');
    // A survey has no right answers: no "Expected answer" box.
    expect(within(first).queryByRole('checkbox', { name: /Expected answer/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.keyboard('What would help?');
    const second = screen.getByRole('group', { name: 'Question 2' });
    await user.type(within(second).getByLabelText('Option 1'), 'Coaching');
    await user.type(within(second).getByLabelText('Option 2'), 'Time');
    await user.click(within(second).getByRole('checkbox', { name: 'Members may choose several options' }));
    within(second).getByRole('button', { name: 'Move question 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('group', { name: 'Question 1' })).getByLabelText('Question')).toHaveValue(
      'What would help?',
    );

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(view.location()).toBe('/enterprise/surveys/manage/new1'));
    const sent = view.server.calls.find((call) => call.route === `POST ${API}/add-survey`)?.body as {
      title: string;
      questions: {
        text: string;
        multipleSelection: boolean;
        answer?: unknown;
        options: { value: string }[];
      }[];
    };
    expect(sent.title).toBe('Weekly check-in');
    expect(sent.questions.map((q) => q.text)).toEqual(['What would help?', 'How was your week?']);
    expect(sent.questions[0]).toMatchObject({ multipleSelection: true });
    expect(sent.questions[0]?.options.map((o) => o.value)).toEqual(['coaching', 'time']);
    expect(sent.questions.some((q) => 'answer' in q)).toBe(false);
  });

  it('a manager is told at once that two options read alike, and nothing is sent', async () => {
    const view = renderApp({
      path: '/enterprise/surveys/manage',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: { ...signedIn(['surveys']) },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Safety vests');
    const first = screen.getByRole('group', { name: 'Question 1' });
    await user.type(within(first).getByLabelText('Question'), 'What colour is the safety vest?');
    await user.type(within(first).getByLabelText('Option 1'), 'Orange');
    await user.type(within(first).getByLabelText('Option 2'), 'orange ');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(first).findByText('Options must be different')).toBeInTheDocument();
    expect(view.server.calls.some((call) => call.route === `POST ${API}/add-survey`)).toBe(false);
  });

  it('a manager saving an empty survey sees each error go as its field is put right, and the banner with the last', async () => {
    renderApp({
      path: '/enterprise/surveys/manage',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: { ...signedIn(['surveys']) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    const first = screen.getByRole('group', { name: 'Question 1' });
    const banner = 'Please check the highlighted fields';
    expect(await screen.findByText(banner)).toBeInTheDocument();
    expect(screen.getByText('Please enter a title')).toBeInTheDocument();
    expect(within(first).getByText('Question text is required')).toBeInTheDocument();
    // Blank options are told they need text; "must be different" speaks only of options that have some.
    expect(within(first).getAllByText('Option text is required')).toHaveLength(2);
    expect(within(first).queryByText('Options must be different')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'Weekly check-in');
    expect(screen.queryByText('Please enter a title')).not.toBeInTheDocument();
    await user.type(within(first).getByLabelText('Question'), 'How was your week?');
    expect(within(first).queryByText('Question text is required')).not.toBeInTheDocument();
    await user.type(within(first).getByLabelText('Option 1'), 'Good');
    // Option 2 is still empty: its error and the banner stay.
    expect(within(first).getByText('Option text is required')).toBeInTheDocument();
    expect(screen.getByText(banner)).toBeInTheDocument();
    await user.type(within(first).getByLabelText('Option 2'), 'Hard');
    expect(within(first).queryByText('Option text is required')).not.toBeInTheDocument();
    expect(screen.queryByText(banner)).not.toBeInTheDocument();
  });

  it('a member cannot submit without answering a required question; then submits', async () => {
    const mine: MySurvey = {
      survey: {
        _id: 's1',
        title: 'Team pulse',
        description: 'Quick one',
        status: 'Active',
        questions: [
          QUESTION,
          { ...QUESTION, id: 'q2', text: 'Anything else?', required: false, hasOther: false },
        ],
        dueAt: null,
        open: true,
        assigned: true,
      },
      response: null,
    };
    const view = renderApp({
      path: '/enterprise/my-tasks/survey/s1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...signedIn(['dashboard']),
        [`POST ${API}/get-my-survey`]: () => ok(mine),
        [`POST ${API}/submit-survey`]: (body) =>
          ok(
            {
              ...mine,
              response: {
                answers: body.answers,
                submittedAt: '2026-03-02T09:00:00.000Z',
                updatedAt: '2026-03-02T09:00:00.000Z',
              },
            },
            'Thank you: your answers are saved',
          ),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Please answer this question')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('One question needs your attention.');
    expect(view.server.calls.some((call) => call.route === `POST ${API}/submit-survey`)).toBe(false);

    const first = screen.getByRole('group', { name: /How clear is communication/ });
    await user.click(within(first).getByRole('radio', { name: 'Something else' }));
    await user.type(
      within(first).getByLabelText(/^Your answer for “\u2068Something else\u2069”$/),
      'Depends on the day',
    );
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Thank you: your answers are saved')).toBeInTheDocument();
    expect(view.server.calls.find((call) => call.route === `POST ${API}/submit-survey`)?.body).toEqual({
      surveyId: 's1',
      answers: { q1: { values: [], other: 'Depends on the day' } },
    });
    expect(await screen.findByRole('button', { name: 'Update my answers' })).toBeInTheDocument();
  });

  it('a manager reads the results as bars with figures, the Other answers, and narrows them by the top-bar group', async () => {
    const results = (groupId?: string): SurveyResults => ({
      surveyId: 's1',
      title: 'Team pulse',
      status: 'Active',
      group: groupId ? { _id: groupId, name: 'Melbourne Office' } : null,
      assigned: groupId ? 2 : 4,
      respondents: groupId ? 1 : 2,
      responseRate: 50,
      questions: [
        {
          id: 'q1',
          text: QUESTION.text,
          multipleSelection: false,
          required: true,
          answered: 2,
          options: [
            { value: 'clear', text: 'Clear', count: 1, percent: 50 },
            { value: 'unclear', text: 'Unclear', count: 0, percent: 0 },
          ],
          other: {
            label: 'Something else',
            count: 1,
            percent: 50,
            answers: [{ name: 'Ava Nguyen', text: 'Depends on the day' }],
          },
        },
      ],
      groups: [{ _id: 'g1', name: 'Melbourne Office', members: 4, responded: 2, rate: 50 }],
    });
    const view = renderApp({
      path: '/enterprise/surveys/manage/s1?tab=results',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...signedIn(['surveys']),
        [`POST ${API}/get-survey`]: () => ok(makeSurvey()),
        [`POST ${API}/get-survey-results`]: (body) =>
          ok(results(typeof body.groupId === 'string' ? body.groupId : undefined)),
      },
    });
    const bars = await screen.findByRole('list', { name: 'Answers to question 1' });
    const items = within(bars).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Clear1 (50%)',
      'Unclear0 (0%)',
      'Something else1 (50%)',
    ]);
    expect(screen.getByText('Depends on the day')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Melbourne Office 4 2 50%/ })).toBeInTheDocument();

    act(() => view.store.set(selectedGroupAtom, { _id: 'g-Melbourne Office', name: 'Melbourne Office' }));
    expect(await screen.findByText(/Members of Melbourne Office only/)).toBeInTheDocument();
    const asked = view.server.calls.filter((call) => call.route === `POST ${API}/get-survey-results`);
    expect(asked.at(-1)?.body).toEqual({ surveyId: 's1', groupId: 'g-Melbourne Office' });
  });

  it('a manager publishing a survey nobody has is warned first, may assign it first, or publish anyway', async () => {
    const nobody = makeSurvey({
      status: 'Draft',
      publishedAt: null,
      assignedCount: 0,
      responseCount: 0,
      groupCount: 0,
      groups: [],
    });
    const view = renderApp({
      path: '/enterprise/surveys/manage/s1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...signedIn(['surveys']),
        [`POST ${API}/get-survey`]: () => ok(nobody),
        [`POST ${API}/publish-survey`]: () =>
          ok(
            { ...nobody, status: 'Active', publishedAt: '2026-03-02T09:00:00.000Z' },
            'Survey published, but it is not assigned to anyone yet: assign it to groups or members so they can answer it',
          ),
      },
    });
    const published = () => view.server.calls.filter((call) => call.route === `POST ${API}/publish-survey`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    let dialog = await screen.findByRole('dialog', { name: 'Publish without anyone assigned?' });
    expect(dialog).toHaveAccessibleDescription(
      /^It is not assigned to anyone yet, so nobody can answer it\./,
    );
    expect(published()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Assign it first' }));
    await waitFor(() => expect(view.location()).toBe('/enterprise/surveys/manage/s1?tab=audience'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(published()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    dialog = await screen.findByRole('dialog', { name: 'Publish without anyone assigned?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish anyway' }));
    expect(
      await screen.findByText(/^Survey published, but it is not assigned to anyone yet/),
    ).toBeInTheDocument();
    expect(published()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a manager publishing an assigned survey is told whom it goes to before it does', async () => {
    const draft = makeSurvey({
      status: 'Draft',
      publishedAt: null,
      responseCount: 0,
      members: [{ _id: 'u1', name: 'Ava Nguyen', email: 'ava@example.com' }],
      assignedCount: 5,
    });
    const view = renderApp({
      path: '/enterprise/surveys/manage/s1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...signedIn(['surveys']),
        [`POST ${API}/get-survey`]: () => ok(draft),
        [`POST ${API}/publish-survey`]: () =>
          ok(
            { ...draft, status: 'Active' },
            'Survey published: the members it is assigned to can answer it now',
          ),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this survey?' });
    expect(dialog).toHaveAccessibleDescription(
      'Assigned to 1 group and 1 member. 5 members can answer it as soon as you publish it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(view.server.calls.some((call) => call.route === `POST ${API}/publish-survey`)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publish this survey?' })).getByRole('button', {
        name: 'Publish',
      }),
    );
    expect(
      await screen.findByText('Survey published: the members it is assigned to can answer it now'),
    ).toBeInTheDocument();
  });

  it('a manager publishing to people who have not joined yet is told they answer once they accept', async () => {
    const draft = makeSurvey({
      status: 'Draft',
      publishedAt: null,
      responseCount: 0,
      assignedCount: 1,
      invitedCount: 2,
      groups: [{ _id: 'g1', name: 'First Team', memberCount: 1, invitedCount: 2 }],
    });
    renderApp({
      path: '/enterprise/surveys/manage/s1?tab=audience',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...signedIn(['surveys']),
        [`POST ${API}/get-survey`]: () => ok(draft),
      },
    });
    // The group and the survey count the invitees apart, as the groups page does.
    const list = await screen.findByRole('list', { name: 'Assigned groups and members' });
    expect(
      within(list)
        .getByText(/First Team/)
        .closest('li'),
    ).toHaveTextContent('Group · 1 member · 2 invited, not joined yet');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('dialog', { name: 'Publish this survey?' })).toHaveAccessibleDescription(
      'Assigned to 1 group. 1 member can answer it as soon as you publish it. 2 invited people can answer it once they accept their invitation.',
    );
  });

  it('a manager reading the results of a survey nobody has is told it is not assigned, not that members have it', async () => {
    renderApp({
      path: '/enterprise/surveys/manage/s1?tab=results',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...signedIn(['surveys']),
        [`POST ${API}/get-survey`]: () =>
          ok(makeSurvey({ assignedCount: 0, responseCount: 0, groupCount: 0, groups: [] })),
        [`POST ${API}/get-survey-results`]: () =>
          ok({
            surveyId: 's1',
            title: 'Team pulse',
            status: 'Active',
            group: null,
            assigned: 0,
            respondents: 0,
            responseRate: 0,
            questions: [],
            groups: [],
          } satisfies SurveyResults),
      },
    });
    expect(
      await screen.findByText(
        'Not assigned to anyone yet: assign it to groups or members on the Assign tab.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/assigned to members only/)).not.toBeInTheDocument();
  });

  it('a manager who assigned a survey to one member only is not told about groups', async () => {
    renderApp({
      path: '/enterprise/surveys/manage/s1?tab=audience',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...signedIn(['surveys']),
        [`POST ${API}/get-survey`]: () =>
          ok(
            makeSurvey({
              assignedCount: 1,
              responseCount: 0,
              groupCount: 0,
              groups: [],
              members: [{ _id: 'u1', name: 'Ava Nguyen', email: 'ava@example.com' }],
            }),
          ),
      },
    });
    expect(await screen.findByText('1 member has it; 0 answered.')).toBeInTheDocument();
    expect(screen.queryByText(/join these groups later/)).not.toBeInTheDocument();
  });

  it('a manager who assigned a survey to a group is told its later members get it too', async () => {
    renderApp({
      path: '/enterprise/surveys/manage/s1?tab=audience',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: { ...signedIn(['surveys']), [`POST ${API}/get-survey`]: () => ok(makeSurvey()) },
    });
    expect(
      await screen.findByText(
        '4 members have it; 2 answered. Members who join these groups later get it too.',
      ),
    ).toBeInTheDocument();
  });
});
