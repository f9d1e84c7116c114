import type { MySurvey } from '@coach/shared/contract/surveys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const API = '/api/v1/enterprise/surveys';

const mine: MySurvey = {
  survey: {
    _id: 's1',
    title: 'Team pulse',
    description: null,
    status: 'Active',
    questions: [
      {
        id: 'q-1',
        type: 'multiple-choice',
        text: 'How clear is communication?',
        options: [
          { text: 'Clear', value: 'clear' },
          { text: 'Unclear', value: 'unclear' },
        ],
        hasOther: false,
        multipleSelection: false,
        required: true,
      },
    ],
    dueAt: null,
    open: true,
    assigned: true,
  },
  response: null,
};

const renderSurvey = (submit: () => ReturnType<typeof fail>, survey: MySurvey = mine) =>
  renderApp({
    path: '/enterprise/my-tasks/survey/s1',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['dashboard'] })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, ['Melbourne Office']),
      [`POST ${API}/get-my-survey`]: () => ok(survey),
      [`POST ${API}/submit-survey`]: submit,
    },
  });

const answerAndSubmit = async () => {
  const user = userEvent.setup();
  const question = await screen.findByRole('group', { name: /How clear is communication/ });
  await user.click(within(question).getByRole('radio', { name: 'Clear' }));
  await user.click(screen.getByRole('button', { name: 'Submit answers' }));
};

describe('a member’s survey answers go through the contract form', () => {
  it('shows the title and description as typed, each in its own direction (an English one in an Arabic page)', async () => {
    renderSurvey(() => ok(mine), {
      ...mine,
      survey: { ...mine.survey, description: 'How the team shares information. It takes a minute.' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team pulse' })).toHaveAttribute(
      'dir',
      'auto',
    );
    expect(screen.getByText('How the team shares information. It takes a minute.')).toHaveAttribute(
      'dir',
      'auto',
    );
  });

  it('thanks the member where they are: the thank-you takes the focus once the answers are saved', async () => {
    renderSurvey(() =>
      ok(
        {
          ...mine,
          response: { answers: { 'q-1': { values: ['clear'] } }, updatedAt: '2026-03-01T09:00:00.000Z' },
        },
        'Thank you: your answers are saved',
      ),
    );
    await answerAndSubmit();
    const thanks = await screen.findByText('Thank you: your answers are saved');
    expect(thanks).toHaveAttribute('role', 'status');
    await waitFor(() => expect(thanks).toHaveFocus());
  });

  it('shows a refusal naming a question at that question, without its path', async () => {
    renderSurvey(() => fail(422, 'answers.q-1: Choose one of the options', { field: 'answers.q-1' }));
    await answerAndSubmit();
    const question = screen.getByRole('group', { name: /How clear is communication/ });
    expect(await within(question).findByText('Choose one of the options')).toBeInTheDocument();
  });

  it('shows a conflict above the form and loads the survey again', async () => {
    const view = renderSurvey(() => fail(409, 'This survey is closed'));
    await answerAndSubmit();
    expect(await screen.findByText('This survey is closed')).toBeInTheDocument();
    await waitFor(() =>
      expect(view.server.calls.filter((call) => call.route === `POST ${API}/get-my-survey`)).toHaveLength(2),
    );
  });
});
