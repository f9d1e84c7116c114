import type { InterviewMessage } from '@coach/shared/contract/interview';
import { type SpeechAnalysis, unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import type { Assignment, MyTaskDetail, MyTaskRow, Task } from '@coach/shared/contract/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeMicrophone } from '../../testing/fake-microphone.ts';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';
import { noSpeechAnalysis } from '../../testing/speech-fixtures.ts';

const T = '/api/v1/enterprise/tasks';
const meta = {
  _id: 't1',
  archived: false,
  likeCount: 0,
  viewCount: 0,
  assignedCount: 1,
  completedCount: 0,
  groupIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const common = {
  title: 'Greeting customers',
  description: 'Practise how you open a conversation.',
  category: 'Communication' as const,
  level: 2 as const,
  timeMinutes: 10 as const,
  expirySeconds: 604800 as const,
  attachments: [
    {
      fileType: 'application/pdf',
      fileUrl: '/files/guide.pdf',
      fileName: 'customer-greetings-guide.pdf',
      fileSize: 2048,
    },
  ],
};
const assignment = (overrides: Partial<Assignment> = {}): Assignment => ({
  _id: 'a1',
  taskId: 't1',
  userId: 'u1',
  source: 'direct',
  taskStatus: 0,
  progress: 0,
  report: {},
  assignedAt: '2026-01-01T00:00:00.000Z',
  dueAt: '2099-01-08T00:00:00.000Z',
  overdue: false,
  startedAt: null,
  completedAt: null,
  reviewedAt: null,
  feedback: null,
  feedbackAt: null,
  pronunciation: null,
  analyses: {},
  interview: [],
  ...overrides,
});

const choiceTask: Task = {
  ...common,
  ...meta,
  type: 8,
  questions: [
    {
      id: 'q1',
      type: 'multiple-choice',
      text: 'Which greeting fits a formal meeting?',
      options: [
        { text: 'Good morning', value: 'morning' },
        { text: 'Hey', value: 'hey' },
      ],
      hasOther: false,
      multipleSelection: false,
      required: true,
    },
    {
      id: 'q2',
      type: 'multiple-choice',
      text: 'What else do you say?',
      options: [
        { text: 'My name is', value: 'name' },
        { text: 'Nice to meet you', value: 'nice' },
      ],
      hasOther: true,
      multipleSelection: true,
      required: true,
    },
  ],
};

const session = verifiedSession(fakeToken(86400));
const shell = {
  'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser()),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('my task', () => {
  it('a learner answers a multiple-choice task, is told what the server misses, then submits it', async () => {
    let completions = 0;
    const app = renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: session,
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({ task: choiceTask, assignment: assignment(), pronunciation: null } satisfies MyTaskDetail),
        [`POST ${T}/update-my-task`]: (body) => {
          if (body.taskStatus !== 2)
            return ok(assignment({ taskStatus: 1, progress: Number(body.progress) }));
          completions += 1;
          if (completions === 1)
            return fail(422, 'Please answer question 2', { field: 'report.choices.q2', code: 'VALIDATION' });
          return ok(
            assignment({
              taskStatus: 2,
              progress: 100,
              completedAt: '2026-01-03T10:00:00.000Z',
              report: body.report as never,
            }),
            'Task completed, well done!',
          );
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Greeting customers' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Download customer-greetings-guide.pdf (2 KB)' }),
    ).toHaveTextContent('customer-gre');
    const submit = screen.getByRole('button', { name: 'Submit task' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(/Still to do: Question 1 — please answer this question/);

    await user.click(screen.getByRole('radio', { name: 'Good morning' }));
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(submit).toBeDisabled();
    expect(screen.getByText('Please type your answer for "Other"')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Your answer for “\u2068Other\u2069”$/), 'Thanks for coming');
    expect(submit).toBeEnabled();

    // Progress is saved as the learner goes (taskStatus 1), with their own user id.
    await waitFor(
      () => expect(app.server.calls.some((call) => call.route.endsWith('update-my-task'))).toBe(true),
      {
        timeout: 4000,
      },
    );
    const saved = app.server.calls.find((call) => call.route.endsWith('update-my-task'));
    expect(saved?.body).toMatchObject({ userId: 'u1', taskId: 't1', taskStatus: 1 });

    await user.click(submit);
    expect(
      await screen.findByText('Please answer question 2', { selector: '.choice__error' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer question 2');

    await user.click(screen.getByRole('button', { name: 'Submit task' }));
    expect(await screen.findByText('Task completed, well done!')).toBeInTheDocument();
    const completion = app.server.calls.filter((call) => call.route.endsWith('update-my-task')).at(-1);
    expect(completion?.body).toEqual({
      userId: 'u1',
      taskId: 't1',
      progress: 100,
      taskStatus: 2,
      report: { choices: { q1: { values: ['morning'] }, q2: { values: [], other: 'Thanks for coming' } } },
    });
    // Done: the answers stay, read-only.
    expect(await screen.findByRole('heading', { name: 'Your answers' })).toBeInTheDocument();
    // The learner's choices read as theirs, in words: no tick, which would read as "correct" (they are not marked).
    const chosen = screen.getAllByText('Your answer').map((mark) => mark.closest('li'));
    expect(chosen.map((item) => item?.textContent)).toEqual([
      'Good morning Your answer',
      'Other: Thanks for coming Your answer',
    ]);
    expect(screen.getByRole('heading', { name: 'Your answers' }).closest('section')).not.toHaveTextContent(
      '✓',
    );
    expect(screen.getByText('Thanks for coming')).toHaveAttribute('dir', 'auto');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit task' })).not.toBeInTheDocument();
  });

  it('a learner whose recording upload fails retries it and the recording is saved as progress', async () => {
    installFakeMicrophone();
    const puts: string[] = [];
    let signs = 0;
    // The signed PUT goes to the storage address with the global fetch, outside the API client.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        puts.push(`${init?.method} ${String(input)}`);
        return new Response(JSON.stringify({ success: 1, message: 'File uploaded', response: {} }), {
          status: 200,
        });
      }),
    );
    const task: Task = { ...common, ...meta, type: 5, passage: 'Good morning, and welcome to Acme.' };
    const app = renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: session,
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () => ok({ task, assignment: assignment(), pronunciation: null }),
        'POST /api/v1/enterprise/general/put-signed-request-for-upload-to-s3': (body) => {
          signs += 1;
          if (signs === 1) return fail(503, 'Storage is busy, please try again');
          expect(body).toMatchObject({ purpose: 'task-recording', fileType: 'audio/webm' });
          return ok({
            uploadUrl: 'http://localhost:3000/storage/put/k1',
            method: 'PUT',
            headers: { 'content-type': 'audio/webm' },
            fileUrl: '/files/k1.webm',
            key: 'k1',
            expiresInSeconds: 900,
          });
        },
        [`POST ${T}/update-my-task`]: (body) =>
          ok(assignment({ taskStatus: 1, progress: Number(body.progress) })),
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Good morning, and welcome to Acme.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record the passage' }));
    await user.click(await screen.findByRole('button', { name: 'Stop recording the passage' }));
    expect(
      await screen.findByText(/Storage is busy, please try again\. It is kept here/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit task' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Retry saving the passage' }));
    expect(await screen.findByText('Progress saved')).toBeInTheDocument();
    expect(puts).toEqual(['PUT http://localhost:3000/storage/put/k1']);
    const saved = app.server.calls.find((call) => call.route.endsWith('update-my-task'));
    expect(saved?.body).toMatchObject({
      taskStatus: 1,
      progress: 99,
      report: { recordings: { passage: { fileUrl: '/files/k1.webm' } } },
    });
    expect(screen.getByRole('button', { name: 'Submit task' })).toBeEnabled();
  });

  it('a learner who follows a link away while recording is asked first, and can stay with the take', async () => {
    installFakeMicrophone();
    const task: Task = { ...common, ...meta, type: 5, passage: 'Good morning, and welcome to Acme.' };
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: session,
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () => ok({ task, assignment: assignment(), pronunciation: null }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record the passage' }));
    await screen.findByRole('button', { name: 'Stop recording the passage' });
    // The browser's tab names the task (every page names itself so, in the reader's language).
    expect(document.title).toBe('Greeting customers · Coach');
    // The sidebar's link, as a learner in the middle of a take might press it.
    await user.click(screen.getAllByRole('link', { name: 'My Tasks' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your recording is not saved yet. It is lost if you leave this page.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop recording the passage' })).toBeInTheDocument();
    expect(screen.getByText('Good morning, and welcome to Acme.')).toBeInTheDocument();
  });

  it('a learner sees the feedback of their reviewer on a completed task', async () => {
    const task: Task = { ...common, ...meta, type: 7, questions: ['Introduce yourself.'] };
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: session,
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({
            task,
            assignment: assignment({
              taskStatus: 2,
              progress: 100,
              completedAt: '2026-01-03T10:00:00.000Z',
              reviewedAt: '2026-01-04T10:00:00.000Z',
              feedback: 'Clear and friendly. Add your role next time.',
              feedbackAt: '2026-01-04T10:00:00.000Z',
              report: { answers: ['I am Olivia, I look after our customers.'] },
            }),
            pronunciation: null,
          }),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Feedback from your reviewer' });
    expect(within(panel).getByText('Clear and friendly. Add your role next time.')).toBeInTheDocument();
    expect(screen.getByLabelText('1. Introduce yourself.')).toHaveValue(
      'I am Olivia, I look after our customers.',
    );
    expect(screen.getByLabelText('1. Introduce yourself.')).toHaveAttribute('readonly');
  });
});

describe('my tasks list', () => {
  const row = (overrides: Partial<MyTaskRow>): MyTaskRow => ({
    taskId: 't1',
    type: 2,
    title: 'Say the vowels',
    category: 'Audio',
    level: 1,
    timeMinutes: 5,
    taskStatus: 0,
    progress: 0,
    assignedAt: '2026-01-01T00:00:00.000Z',
    dueAt: '2099-01-08T00:00:00.000Z',
    overdue: false,
    completedAt: null,
    reviewedAt: null,
    hasFeedback: false,
    ...overrides,
  });

  it('a learner switches between Due and Done and opens a task', async () => {
    const rows = [
      row({
        taskId: 't1',
        title: 'Say the vowels',
        overdue: true,
        dueAt: '2026-01-02T00:00:00.000Z',
      }),
      row({
        taskId: 't2',
        title: 'Job interview',
        type: 6,
        taskStatus: 2,
        progress: 100,
        hasFeedback: true,
      }),
    ];
    const app = renderApp({
      path: '/enterprise/my-tasks',
      enterprise: session,
      routes: {
        ...shell,
        // The server answers one status's rows, and the counts of every status.
        [`GET ${T}/get-my-tasks`]: (query) => {
          const listdata = rows.filter((r) => String(r.taskStatus) === query.taskStatus);
          return ok({
            currentPage: 1,
            totalPages: listdata.length > 0 ? 1 : 0,
            totalCount: listdata.length,
            listdata,
            counts: { due: 1, inProgress: 0, done: 1 },
          });
        },
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('link', { name: 'Say the vowels' });
    expect(screen.getByText(/^Overdue since/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Due 1' })).toBeChecked();
    expect(screen.queryByRole('link', { name: 'Job interview' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Done 1' }));
    expect(await screen.findByRole('link', { name: 'Job interview' })).toHaveAttribute(
      'href',
      '/enterprise/my-tasks/view/t2',
    );
    expect(screen.getByText('Feedback')).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/my-tasks?tab=done');

    await user.click(screen.getByRole('radio', { name: 'In progress 0' }));
    expect(await screen.findByRole('heading', { name: 'Nothing in progress' })).toBeInTheDocument();
    expect(card).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'Pronunciation');
    await waitFor(() => expect(app.server.calls.at(-1)?.route).toBe(`GET ${T}/get-my-tasks`));
    await waitFor(() =>
      expect(app.server.calls.at(-1)?.body).toEqual({ tasktype: '2', taskStatus: '1', currentPage: '1' }),
    );
  });

  it('a learner with many tasks pages through them', async () => {
    const app = renderApp({
      path: '/enterprise/my-tasks',
      enterprise: session,
      routes: {
        ...shell,
        [`GET ${T}/get-my-tasks`]: (query) => {
          const page = Number(query.currentPage);
          return ok({
            currentPage: page,
            totalPages: 2,
            totalCount: 51,
            listdata: [row({ taskId: `p${page}`, title: `Task on page ${page}` })],
            counts: { due: 51, inProgress: 0, done: 0 },
          });
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Task on page 1' })).toBeInTheDocument();
    expect(screen.getByText(/51 tasks · Page 1 of 2/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Task on page 2' })).toBeInTheDocument();
    expect(app.server.calls.at(-1)?.body).toMatchObject({ currentPage: '2', taskStatus: '0' });
  });
});

describe('speech analysis of a recording', () => {
  const task: Task = { ...common, ...meta, type: 5, passage: 'Good morning, and welcome to Acme.' };
  const heard: SpeechAnalysis = {
    status: 'done',
    transcript: 'good morning and welcome to acme',
    durationSeconds: 3,
    wordsPerMinute: 120,
    pauses: [],
    longestPauseSeconds: 0,
    fillers: { count: 0, per100Words: 0, words: [] },
    words: ['Good', 'morning,', 'and', 'welcome', 'to', 'Acme.'].map((word, index) => ({
      word,
      start: index * 0.5,
      end: index * 0.5 + 0.4,
      status: 'correct' as const,
    })),
    scores: { accuracy: 91, completeness: 100, fluency: 84, pronunciation: 90 },
  };
  const silent = noSpeechAnalysis();
  const recorded = { recordings: { passage: { fileUrl: '/files/k1.webm' } } };
  const uploadRoutes = {
    'POST /api/v1/enterprise/general/put-signed-request-for-upload-to-s3': () =>
      ok({
        uploadUrl: 'http://localhost:3000/storage/put/k1',
        method: 'PUT',
        headers: { 'content-type': 'audio/webm' },
        fileUrl: '/files/k1.webm',
        key: 'k1',
        expiresInSeconds: 900,
      }),
  };
  const stubStorage = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: 1, message: 'ok', response: {} }))),
    );

  it('a learner sees "Analysing your recording…", then the transcript and the scores after a poll', async () => {
    installFakeMicrophone();
    stubStorage();
    let loads = 0;
    const app = renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: session,
      routes: {
        ...shell,
        ...uploadRoutes,
        [`POST ${T}/get-my-task`]: () => {
          loads += 1;
          // The first ask opens the screen; the first poll still finds it pending, the second heard.
          const analysis = loads <= 2 ? unmeasuredSpeechAnalysis('pending') : heard;
          return ok({
            task,
            assignment: assignment(
              loads === 1 ? {} : { taskStatus: 1, report: recorded, analyses: { passage: analysis } },
            ),
            pronunciation: null,
          });
        },
        [`POST ${T}/update-my-task`]: () =>
          ok(
            assignment({
              taskStatus: 1,
              progress: 99,
              report: recorded,
              analyses: { passage: unmeasuredSpeechAnalysis('pending') },
            }),
          ),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record the passage' }));
    await user.click(await screen.findByRole('button', { name: 'Stop recording the passage' }));
    expect(await screen.findByText('Analysing your recording…')).toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'Speech analysis' });
    expect(
      await within(panel).findByText('good morning and welcome to acme', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    const scores = within(panel).getByRole('region', { name: 'Scores' });
    for (const [name, value] of [
      ['Pronunciation', 90],
      ['Accuracy', 91],
      ['Completeness', 100],
      ['Fluency', 84],
    ] as const)
      expect(within(scores).getByRole('meter', { name })).toHaveValue(value);
    expect(screen.queryByText('Analysing your recording…')).not.toBeInTheDocument();
    // The result is announced politely once it arrives.
    expect(
      await within(panel).findByText('Your recording is analysed: pronunciation 90 out of 100.'),
    ).toHaveAttribute('aria-live', 'polite');
    // Polling stopped once nothing was pending.
    const asked = loads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(loads).toBe(asked);
    expect(app.server.calls.filter((call) => call.route.endsWith('get-my-task')).length).toBe(3);
  }, 15_000);

  it('a learner whose recording had no speech is told so and records it again', async () => {
    const microphone = installFakeMicrophone();
    stubStorage();
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: session,
      routes: {
        ...shell,
        ...uploadRoutes,
        [`POST ${T}/get-my-task`]: () =>
          ok({
            task,
            assignment: assignment({ taskStatus: 1, report: recorded, analyses: { passage: silent } }),
            pronunciation: null,
          }),
        [`POST ${T}/update-my-task`]: () =>
          ok(
            assignment({
              taskStatus: 1,
              progress: 99,
              report: recorded,
              analyses: { passage: unmeasuredSpeechAnalysis('pending') },
            }),
          ),
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'We could not hear speech' })).toBeInTheDocument();
    // The step's head does not call a silent take recorded.
    expect(screen.getByText('No speech heard: record again')).toBeVisible();
    expect(screen.queryByText('Recorded')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record again' }));
    // The recorder's own Record again starts, and the focus waits on its Stop button.
    const stop = await screen.findByRole('button', { name: 'Stop recording the passage' });
    await waitFor(() => expect(stop).toHaveFocus());
    expect(microphone.getUserMedia).toHaveBeenCalledTimes(1);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Analysing your recording…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'We could not hear speech' })).not.toBeInTheDocument();
  });
});

describe('the interview as a conversation', () => {
  const task: Task = {
    ...common,
    ...meta,
    type: 6,
    category: 'IVR',
    jobTitle: 'Support lead',
    industry: 'Retail',
    location: 'Sydney',
    region: 'Australia',
  };
  const opening = "G'day. Please tell me the job title, the industry and the location.";
  const next = 'What first drew you to working in healthcare?';
  const heard: SpeechAnalysis = {
    status: 'done',
    transcript: 'I am applying for the nurse job in healthcare, based in Perth.',
    durationSeconds: 5,
    wordsPerMinute: 140,
    pauses: [],
    longestPauseSeconds: 0.4,
    fillers: { count: 0, per100Words: 0, words: [] },
    words: null,
    scores: { accuracy: 90, completeness: 100, fluency: 88, pronunciation: 91 },
  };
  const content = {
    wordCount: 12,
    length: 'short' as const,
    mentioned: { jobTitle: true, industry: true, location: false },
    star: null,
    keywords: { used: ['care'], suggested: ['patient', 'safety', 'medication'] },
  };
  const recorded = { recordings: { POSITION: { fileUrl: '/files/k1.webm' } } };
  const message = (overrides: Partial<InterviewMessage>): InterviewMessage => ({
    requestType: 'POSITION',
    request: opening,
    response: null,
    audioKeys: [],
    answerAnalysis: null,
    from: 'coach',
    feedback: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  });

  it('a learner answers the opening, waits while the interviewer listens, then hears the next question', async () => {
    installFakeMicrophone();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: 1, message: 'ok', response: {} }))),
    );
    let loads = 0;
    const pending = assignment({
      taskStatus: 1,
      report: recorded,
      analyses: { POSITION: unmeasuredSpeechAnalysis('pending') },
      interview: [
        message({
          audioKeys: ['/files/k1.webm'],
          answerAnalysis: { speech: unmeasuredSpeechAnalysis('pending'), content: null },
        }),
      ],
    });
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: session,
      routes: {
        ...shell,
        'POST /api/v1/enterprise/general/put-signed-request-for-upload-to-s3': () =>
          ok({
            uploadUrl: 'http://localhost:3000/storage/put/k1',
            method: 'PUT',
            headers: { 'content-type': 'audio/webm' },
            fileUrl: '/files/k1.webm',
            key: 'k1',
            expiresInSeconds: 900,
          }),
        [`POST ${T}/get-my-task`]: () => {
          loads += 1;
          if (loads === 1)
            return ok({ task, assignment: assignment({ interview: [message({})] }), pronunciation: null });
          return ok({
            task,
            assignment: assignment({
              taskStatus: 1,
              report: recorded,
              analyses: { POSITION: heard },
              interview: [
                message({
                  response: next,
                  audioKeys: ['/files/k1.webm'],
                  answerAnalysis: { speech: heard, content },
                }),
                message({ requestType: 'ICEBREAKING', request: next }),
              ],
            }),
            pronunciation: null,
          });
        },
        [`POST ${T}/update-my-task`]: () => ok(pending),
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText(opening)).toBeInTheDocument();
    // The stages to come are listed, not asked yet.
    expect(screen.getAllByText('Asked after your previous answer.')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Record your opening answer' }));
    await user.click(await screen.findByRole('button', { name: 'Stop recording your opening answer' }));
    expect(await screen.findByText('The interviewer is listening to your answer…')).toBeInTheDocument();

    expect(await screen.findByText(next, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('The interviewer is listening to your answer…')).not.toBeInTheDocument();
    const checks = screen.getByRole('region', { name: 'What your answer said' });
    expect(within(checks).getByRole('list', { name: 'The opening named' })).toHaveTextContent(
      '✓ Job title said✓ Industry said✗ Location not said',
    );
    expect(checks).toHaveTextContent('Try also: patient, safety, medication.');
    expect(screen.getAllByText('Asked after your previous answer.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Record your getting-to-know-you answer' })).toBeEnabled();
  }, 15_000);

  it('a learner reads the summing up after the last answer', async () => {
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: session,
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({
            task,
            assignment: assignment({
              taskStatus: 2,
              completedAt: '2026-01-03T10:00:00.000Z',
              interview: [
                message({ response: next }),
                message({
                  requestType: 'FEEDBACK',
                  request: 'How did the interview go?',
                  response: 'What went well: …',
                  feedback: {
                    strengths: ['A clear opening.'],
                    workOn: ['Slow down.', 'Cut the fillers.', 'Tell the result.'],
                  },
                }),
              ],
            }),
            pronunciation: null,
          }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Three things to work on' })).toBeInTheDocument();
    const things = screen.getByRole('heading', { name: 'Three things to work on' })
      .nextElementSibling as HTMLElement;
    expect(
      within(things)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Slow down.', 'Cut the fillers.', 'Tell the result.']);
    expect(screen.getByText('A clear opening.')).toBeInTheDocument();
  });
});
