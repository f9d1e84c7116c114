import type { InterviewMessage } from '@coach/shared/contract/interview';
import { type SpeechAnalysis, unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import type { Assignment, Task } from '@coach/shared/contract/tasks';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeMicrophone } from '../../testing/fake-microphone.ts';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';
import { interviewAccent } from './interview-prompts.ts';

// The interviewer says each question aloud beside its words, once the learner has pressed Start (a
// browser plays sound only after a press), each new question as it is asked, until muted; any can be heard again.

const T = '/api/v1/enterprise/tasks';
const session = verifiedSession(fakeToken(86400));
const shell = {
  'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser()),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
};
const task: Task = {
  _id: 't1',
  archived: false,
  likeCount: 0,
  viewCount: 0,
  assignedCount: 1,
  completedCount: 0,
  groupIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  title: 'Job interview',
  description: 'A practice interview.',
  category: 'IVR',
  level: 2,
  timeMinutes: 10,
  expirySeconds: 604800,
  attachments: [],
  type: 6,
  jobTitle: 'Support lead',
  industry: 'Retail',
  location: 'Sydney',
  region: 'Australia',
};
const assignment = (overrides: Partial<Assignment> = {}): Assignment =>
  ({
    _id: 'a1',
    taskId: 't1',
    userId: 'u1',
    source: 'direct',
    taskStatus: 1,
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
    // Tries at scored tasks: none for an interview.
    counting: null,
    attempts: [],
    retry: null,
    ...overrides,
  }) as Assignment;
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
const recorded = { recordings: { POSITION: { fileUrl: '/files/k1.webm', durationMs: 5000 } } };

/** The browser's speech synthesis with an Australian voice; `spoken` holds what it was asked to say. */
const installSpeechSynthesis = () => {
  const spoken: { text: string; lang: string; onend: (() => void) | null }[] = [];
  class FakeUtterance {
    voice: SpeechSynthesisVoice | null = null;
    lang = '';
    rate = 1;
    onend: (() => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    constructor(readonly text: string) {}
  }
  const synthesis = {
    getVoices: () => [
      { lang: 'en-AU', name: 'Karen', localService: true, default: false, voiceURI: 'Karen' },
    ],
    speak: vi.fn((utterance: FakeUtterance) => {
      spoken.push(utterance);
    }),
    cancel: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: synthesis });
  return { synthesis, spoken };
};

beforeEach(() => {
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: undefined });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the interviewer's voice", () => {
  it('speaks in the accent of the task’s region', () => {
    expect(interviewAccent('Australia')).toBe('en-AU');
    expect(interviewAccent('United Kingdom')).toBe('en-GB');
    expect(interviewAccent('Canada')).toBe('en-US');
    expect(interviewAccent('India')).toBe('en-IN');
    expect(interviewAccent('Mars')).toBeUndefined();
  });

  it('says the question after Start, the next one as it is asked, stops for a recording and mutes', async () => {
    installFakeMicrophone();
    const { synthesis, spoken } = installSpeechSynthesis();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: 1, message: 'ok', response: {} }))),
    );
    let loads = 0;
    const pending = assignment({
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
              report: recorded,
              analyses: { POSITION: heard },
              interview: [
                message({
                  response: next,
                  audioKeys: ['/files/k1.webm'],
                  answerAnalysis: { speech: heard, content: null },
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
    // The question's words are on the screen, and nothing is said before the learner presses Start.
    // (The page's code loads lazily: the first render of a test file waits for it.)
    expect(await screen.findByText(opening, {}, { timeout: 40_000 })).toBeInTheDocument();
    expect(screen.getByText('Press Start to hear the interviewer ask each question aloud.')).toBeVisible();
    expect(synthesis.speak).not.toHaveBeenCalled();

    // Start is a key press away, and says the question in the region's accent.
    screen.getByRole('button', { name: 'Start the interview' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(spoken.map(({ text }) => text)).toEqual([opening]));
    expect(spoken[0]?.lang).toBe('en-AU');
    const replay = screen.getByRole('button', { name: "Hear it: the interviewer's question 1" });
    expect(replay).toHaveAttribute('aria-pressed', 'true');

    // Recording an answer while the question is still being said silences the interviewer, so the answer does
    // not hear the question.
    await user.click(screen.getByRole('button', { name: 'Record your opening answer' }));
    expect(synthesis.cancel).toHaveBeenCalled();
    await waitFor(() => expect(replay).toHaveAttribute('aria-pressed', 'false'));
    await user.click(await screen.findByRole('button', { name: 'Stop recording your opening answer' }));
    synthesis.cancel.mockClear();

    // The next question is said as it is asked, without another press.
    expect(await screen.findByText(next, {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(spoken.map(({ text }) => text)).toEqual([opening, next]));

    // Mute stops the voice; the question can still be heard on request.
    const mute = screen.getByRole('button', { name: 'Mute the interviewer' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(synthesis.cancel).toHaveBeenCalled();
    expect(
      screen.getByText("The interviewer's voice is off. Press Hear it beside a question to hear it."),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Hear it: the interviewer's question 1" }));
    await waitFor(() => expect(spoken.map(({ text }) => text)).toEqual([opening, next, opening]));
  }, 60_000);

  it('a learner who comes back to an interview begun is told to press Continue, the button beside it', async () => {
    installSpeechSynthesis();
    const heard: SpeechAnalysis = { ...unmeasuredSpeechAnalysis('pending') };
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: session,
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({
            task,
            assignment: assignment({
              report: recorded,
              analyses: { POSITION: heard },
              interview: [
                message({ audioKeys: ['/files/k1.webm'], answerAnalysis: { speech: heard, content: null } }),
                message({ requestType: 'ICEBREAKING', request: 'Tell me about your last team.' }),
              ],
            }),
            pronunciation: null,
          }),
      },
    });
    expect(
      await screen.findByRole('button', { name: 'Continue the interview' }, { timeout: 40_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Press Continue to hear the interviewer ask each question aloud.')).toBeVisible();
    expect(screen.queryByText(/Press Start/)).not.toBeInTheDocument();
  });
});
