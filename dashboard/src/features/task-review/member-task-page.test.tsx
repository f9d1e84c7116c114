import { type SpeechAnalysis, unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import type { Assignment, MemberTaskDetail, Task } from '@coach/shared/contract/tasks';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type FakeHandler,
  fail,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const T = '/api/v1/enterprise/tasks';

const meta = {
  archived: false,
  likeCount: 0,
  viewCount: 0,
  assignedCount: 1,
  completedCount: 1,
  groupIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  category: 'Communication' as const,
  level: 1 as const,
  timeMinutes: 10 as const,
  expirySeconds: 604800 as const,
  attachments: [],
};

const assignment = (overrides: Partial<Assignment> = {}): Assignment => ({
  _id: 'a1',
  taskId: 't1',
  userId: 'm1',
  source: 'direct',
  taskStatus: 2,
  progress: 100,
  report: {},
  assignedAt: '2026-03-01T09:00:00.000Z',
  dueAt: '2026-03-08T09:00:00.000Z',
  overdue: false,
  startedAt: '2026-03-02T09:00:00.000Z',
  completedAt: '2026-03-02T10:30:00.000Z',
  reviewedAt: null,
  feedback: null,
  feedbackAt: null,
  pronunciation: null,
  analyses: {},
  interview: [],
  ...overrides,
});

const detailOf = (task: Task, overrides: Partial<Assignment> = {}): MemberTaskDetail => ({
  task,
  member: { _id: 'm1', name: 'Liam Learner', email: 'liam@acme.example', avatarUrl: null },
  assignment: assignment({ taskId: task._id, ...overrides }),
});

const openReview = (detail: MemberTaskDetail, routes: Record<string, FakeHandler> = {}) =>
  renderApp({
    path: `/enterprise/member-task/view/${detail.task._id}?member=m1`,
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () =>
        ok(makeEnterpriseUser({ permissions: ['task-library'] })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [`POST ${T}/get-members-task-data-taskid`]: () => ok(detail),
      ...routes,
    },
  });

describe('member task view (spec §2 /enterprise/member-task/view/{id})', () => {
  it('a reviewer reads free-text answers, sends feedback and marks the attempt reviewed', async () => {
    const task: Task = {
      ...meta,
      _id: 't7',
      type: 7,
      title: 'Reflect on the call',
      questions: ['What went well?', 'What would you change?'],
    };
    const app = openReview(detailOf(task, { report: { answers: ['I stayed calm.', ''] } }), {
      [`POST ${T}/add-task-feedback`]: (body) =>
        ok(
          assignment({ feedback: String(body.feedback), feedbackAt: '2026-03-03T08:00:00.000Z' }),
          'Feedback sent to the member',
        ),
      [`POST ${T}/mark-task-reviewed`]: () =>
        ok(
          assignment({
            feedback: 'Nice work',
            feedbackAt: '2026-03-03T08:00:00.000Z',
            reviewedAt: '2026-03-03T08:05:00.000Z',
          }),
          'Marked as reviewed',
        ),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reflect on the call' })).toBeInTheDocument();
    expect(app.server.calls.find((c) => c.route.endsWith('get-members-task-data-taskid'))?.body).toEqual({
      taskId: 't7',
      userId: 'm1',
    });
    expect(screen.getByText('liam@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Completed');
    const answers = screen.getByRole('heading', { name: 'Answers' }).closest('section') as HTMLElement;
    expect(within(answers).getByText('What went well?')).toBeInTheDocument();
    expect(within(answers).getByText('I stayed calm.')).toBeInTheDocument();
    expect(within(answers).getByText('No answer')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByLabelText('Feedback for Liam Learner')).toHaveAccessibleDescription(
      /Please enter the feedback/,
    );
    await user.type(screen.getByLabelText('Feedback for Liam Learner'), 'Nice work');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Feedback sent to the member')).toBeInTheDocument();
    expect(app.server.calls.find((c) => c.route.endsWith('add-task-feedback'))?.body).toEqual({
      taskId: 't7',
      userId: 'm1',
      feedback: 'Nice work',
    });
    expect(screen.getByRole('button', { name: 'Update feedback' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark reviewed' }));
    expect(await screen.findByText(/Reviewed on/)).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).not.toBeInTheDocument();
  });

  it('multiple-choice answers show against the options with the expected answer marked', async () => {
    const task: Task = {
      ...meta,
      _id: 't8',
      type: 8,
      title: 'Manners',
      questions: [
        {
          id: 'q1',
          type: 'multiple-choice',
          text: 'Which is polite?',
          options: [
            { text: 'Please', value: 'please' },
            { text: 'Now!', value: 'now' },
          ],
          hasOther: true,
          otherText: 'Something else',
          multipleSelection: false,
          required: true,
          answer: 'please',
        },
      ],
    };
    openReview(detailOf(task, { report: { choices: { q1: { values: ['now'], other: 'Ta' } } } }));
    const option = async (text: string) => (await screen.findByText(text)).closest('li') as HTMLElement;
    expect(within(await option('Please')).getByText('Expected answer')).toBeInTheDocument();
    expect(within(await option('Please')).queryByText('Chosen')).not.toBeInTheDocument();
    expect(within(await option('Now!')).getByText('Chosen')).toBeInTheDocument();
    expect(screen.getByText('Something else: “Ta”')).toBeInTheDocument();
  });

  it('a reviewer sees the marks the member sees: the total and each question right or wrong, in words', async () => {
    const question = (id: string, text: string, extra: object = {}) => ({
      id,
      type: 'multiple-choice' as const,
      text,
      options: [
        { text: 'Please', value: 'please' },
        { text: 'Now!', value: 'now' },
      ],
      hasOther: false,
      multipleSelection: false,
      required: true,
      ...extra,
    });
    const task: Task = {
      ...meta,
      _id: 't8',
      type: 8,
      title: 'Manners',
      questions: [
        question('q1', 'Which is polite?', { answer: 'please' }),
        question('q2', 'Which gets it done today?', { answer: 'please' }),
        question('q3', 'Which do you say most?'),
        question('q4', 'Which opens an email?', { required: false, answer: 'please' }),
      ],
    };
    openReview(
      detailOf(task, {
        report: { choices: { q1: { values: ['please'] }, q2: { values: ['now'] }, q3: { values: ['now'] } } },
        choiceResult: {
          right: 1,
          total: 3,
          questions: [
            { questionId: 'q1', right: true, expected: ['please'] },
            { questionId: 'q2', right: false, expected: ['please'] },
            { questionId: 'q4', right: false, expected: ['please'] },
          ],
        },
      }),
    );
    const answers = (await screen.findByRole('heading', { name: 'Answers' })).closest(
      'section',
    ) as HTMLElement;
    const total = within(answers).getByText('Liam Learner got 1 of 3 right.');
    expect(total.compareDocumentPosition(within(answers).getByText('Which is polite?'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const item = (text: string) => within(answers).getByText(text).closest('li') as HTMLElement;
    expect(within(item('Which is polite?')).getByText('Right')).toHaveTextContent('✓ Right');
    expect(within(item('Which gets it done today?')).getByText('Wrong')).toHaveTextContent('✗ Wrong');
    // Not marked: no verdict. Unanswered and marked: said once, as its verdict.
    expect(within(item('Which do you say most?')).queryByText(/^(✓|✗)/)).not.toBeInTheDocument();
    expect(within(item('Which opens an email?')).getByText('Not answered')).toHaveTextContent(
      '✗ Not answered',
    );
    expect(within(item('Which opens an email?')).getAllByText(/Not answered/)).toHaveLength(1);
    for (const icon of within(answers).getAllByText(/^[✓✗]$/))
      expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('recordings play with their labels', async () => {
    const task: Task = { ...meta, _id: 't2', type: 2, title: 'Vowels', items: ['apple', 'orange'] };
    openReview(
      detailOf(task, { report: { recordings: { '0': { fileUrl: '/files/task-recording/one.webm' } } } }),
    );
    const player = await screen.findByLabelText('Recording of item 1: apple');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', '/files/task-recording/one.webm');
    expect(screen.getByText('No recording')).toBeInTheDocument();
  });

  it('a Get Interview Ready attempt reads as a conversation by stage', async () => {
    const task: Task = {
      ...meta,
      _id: 't6',
      type: 6,
      category: 'IVR',
      title: 'Nurse interview',
      jobTitle: 'Nurse',
      industry: 'Health',
      location: 'Perth',
      region: 'Australia',
    };
    const app = openReview(detailOf(task), {
      [`GET ${T}/get-completed-ivr-task-details`]: () =>
        ok({
          messages: [
            {
              requestType: 'POSITION',
              request: 'What does this job involve?',
              response: 'Tell me about yourself.',
              audioKeys: ['/files/task-recording/position.webm'],
              answerAnalysis: null,
              from: 'coach',
              feedback: null,
              createdAt: '2026-03-02T10:00:00.000Z',
            },
            {
              requestType: 'BEHAVIOURAL',
              request: 'Tell me about a tight deadline.',
              response: 'Thank you, that was my last question.',
              audioKeys: ['/files/task-recording/behavioural.webm'],
              answerAnalysis: {
                speech: unmeasuredSpeechAnalysis('pending'),
                content: {
                  wordCount: 80,
                  length: 'good',
                  mentioned: null,
                  star: { situation: true, task: true, action: true, result: false },
                  keywords: { used: ['patient'], suggested: [] },
                },
              },
              from: 'coach',
              feedback: null,
              createdAt: '2026-03-02T10:05:00.000Z',
            },
            {
              requestType: 'FEEDBACK',
              request: 'How did the interview go?',
              response: 'What went well: …',
              audioKeys: [],
              answerAnalysis: null,
              from: 'coach',
              feedback: { strengths: ['A clear opening.'], workOn: ['One.', 'Two.', 'Three.'] },
              createdAt: '2026-03-02T10:06:00.000Z',
            },
            {
              requestType: 'FEEDBACK',
              request: 'Your reviewer',
              response: 'Well done, Liam.',
              audioKeys: [],
              answerAnalysis: null,
              from: 'reviewer',
              feedback: null,
              createdAt: '2026-03-03T10:00:00.000Z',
            },
          ],
        }),
    });
    expect(await screen.findByText('What does this job involve?')).toBeInTheDocument();
    expect(screen.getByText('Position')).toBeInTheDocument();
    expect(screen.getByLabelText('Position answer')).toHaveAttribute(
      'src',
      '/files/task-recording/position.webm',
    );
    // What the behavioural answer said, the closing line, the summing up and the reviewer's word.
    expect(screen.getByRole('list', { name: 'The parts of the story' })).toHaveTextContent(
      '✓ Situation said✓ Task said✓ Action said✗ Result not said',
    );
    expect(screen.getByText('Thank you, that was my last question.')).toBeInTheDocument();
    expect(screen.queryByText('Tell me about yourself.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Three things to work on' })).toBeInTheDocument();
    expect(screen.getByText('Interviewer’s summing up')).toBeInTheDocument();
    expect(screen.getByText('Well done, Liam.')).toBeInTheDocument();
    expect(app.server.calls.find((c) => c.route.endsWith('get-completed-ivr-task-details'))?.body).toEqual({
      taskId: 't6',
      userId: 'm1',
    });
  });

  it('a reviewer of a viewed video is told it counts as viewed, not a share the server never measured', async () => {
    const task: Task = { ...meta, _id: 't3', type: 3, title: 'Watch the welcome', contentId: 'v1' };
    // What the server keeps once 'viewed' (80 % played) completes the task, however much was watched.
    openReview(detailOf(task, { report: { watchedPercent: 100 } }));
    expect(await screen.findByText('Watched enough to count as viewed.')).toBeInTheDocument();
    expect(screen.queryByText(/Watched 100/)).not.toBeInTheDocument();
  });

  it('a reviewer of a video not viewed yet is told so, not "0 %"', async () => {
    const task: Task = { ...meta, _id: 't3', type: 3, title: 'Watch the welcome', contentId: 'v1' };
    openReview(detailOf(task, { taskStatus: 1, progress: 0, completedAt: null }));
    expect(await screen.findByText('Not viewed yet.')).toBeInTheDocument();
  });

  it('a try scored below its passing score reads "Submitted, not passed yet", as the member reads it', async () => {
    const task: Task = { ...meta, _id: 't2', type: 2, title: 'Vowels', items: ['apple', 'orange'] };
    openReview(
      detailOf(task, {
        pronunciation: {
          score: 22,
          passingScore: 75,
          passed: false,
          method: 'speech',
          engine: 'embedded',
          accent: 'en-US',
          strictness: 'standard',
          items: [],
          scoredAt: '2026-03-02T09:00:00.000Z',
        },
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Vowels' });
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Submitted, not passed yet');
    expect(screen.getByText('Submitted').nextElementSibling).not.toHaveTextContent('Not yet');
  });

  it('an attempt not completed yet cannot be reviewed', async () => {
    const task: Task = { ...meta, _id: 't5', type: 5, title: 'Read aloud', passage: 'Hello there' };
    openReview(detailOf(task, { taskStatus: 1, progress: 40, completedAt: null }));
    expect(
      await screen.findByText(/Feedback and review open once Liam Learner completes the task/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).not.toBeInTheDocument();
  });

  it('a member task that cannot be loaded says why', async () => {
    const task: Task = { ...meta, _id: 't5', type: 5, title: 'Read aloud', passage: 'Hello there' };
    openReview(detailOf(task), {
      [`POST ${T}/get-members-task-data-taskid`]: () => fail(404, 'This member does not have this task'),
    });
    expect(await screen.findByText('This member does not have this task')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('speech analysis of the attempt', () => {
  const heard: SpeechAnalysis = {
    status: 'done',
    transcript: 'hello there',
    durationSeconds: 2,
    wordsPerMinute: 180,
    pauses: [],
    longestPauseSeconds: 0,
    fillers: { count: 1, per100Words: 33.3, words: ['um'] },
    words: [
      { word: 'Hello', start: 0.2, end: 0.6, status: 'correct' },
      { word: 'there', start: null, end: null, status: 'omitted' },
    ],
    scores: { accuracy: 70, completeness: 50, fluency: 60, pronunciation: 61 },
  };

  it('a reviewer sees the analysis of each recording once the pending one is heard, with no retry', async () => {
    const task: Task = { ...meta, _id: 't5', type: 5, title: 'Read aloud', passage: 'Hello there' };
    const report = { recordings: { passage: { fileUrl: '/files/task-recording/p.webm' } } };
    let loads = 0;
    openReview(detailOf(task), {
      [`POST ${T}/get-members-task-data-taskid`]: () => {
        loads += 1;
        return ok(
          detailOf(task, {
            report,
            analyses: { passage: loads === 1 ? unmeasuredSpeechAnalysis('pending') : heard },
          }),
        );
      },
    });
    expect(await screen.findByText('Analysing the recording…')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Speech analysis' });
    const reading = await within(panel).findByRole('region', { name: 'What we heard' }, { timeout: 5000 });
    expect(within(reading).getByText('(missed)')).toBeInTheDocument();
    // Two words are too few for a pace verdict.
    expect(
      within(panel).getByText(/Pace, pauses and fillers are judged on 5 words or more/),
    ).toBeInTheDocument();
    expect(within(panel).queryByText('Too fast')).not.toBeInTheDocument();
    expect(within(panel).getByRole('meter', { name: 'Pronunciation' })).toHaveValue(61);
    // The words to practise offer "Hear it"; nothing offers to record or try again.
    expect(within(panel).getByRole('button', { name: 'Hear it: there' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /again/ })).not.toBeInTheDocument();
    expect(loads).toBe(2);
  }, 10_000);

  it('a reviewer sees a silent interview answer under its stage, without a retry', async () => {
    const task: Task = {
      ...meta,
      _id: 't6',
      type: 6,
      category: 'IVR',
      title: 'Nurse interview',
      jobTitle: 'Nurse',
      industry: 'Health',
      location: 'Perth',
      region: 'Australia',
    };
    const silent: SpeechAnalysis = {
      ...heard,
      status: 'no-speech',
      transcript: '',
      wordsPerMinute: 0,
      fillers: { count: 0, per100Words: 0, words: [] },
      words: null,
      scores: { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 },
    };
    openReview(
      detailOf(task, {
        report: { recordings: { POSITION: { fileUrl: '/files/task-recording/position.webm' } } },
        analyses: { POSITION: silent },
      }),
      {
        [`GET ${T}/get-completed-ivr-task-details`]: () =>
          ok({
            messages: [
              {
                requestType: 'POSITION',
                request: 'What does this job involve?',
                response: null,
                audioKeys: ['/files/task-recording/position.webm'],
                answerAnalysis: { speech: silent, content: null },
                from: 'coach',
                feedback: null,
                createdAt: '2026-03-02T10:00:00.000Z',
              },
            ],
          }),
      },
    );
    const turn = (await screen.findByText('What does this job involve?')).closest('li') as HTMLElement;
    expect(within(turn).getByRole('heading', { name: 'We could not hear speech' })).toBeInTheDocument();
    expect(within(turn).queryByRole('button', { name: 'Record again' })).not.toBeInTheDocument();
  });
});
