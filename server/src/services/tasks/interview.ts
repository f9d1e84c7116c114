import {
  ANSWERED_INTERVIEW_STAGES,
  type InterviewSetup,
  interviewPrompt,
} from '@coach/shared/constants/interview';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import {
  type InterviewAnswerAnalysis,
  type InterviewContent,
  type InterviewFeedback,
  type InterviewMessage,
  interviewContentSchema,
  interviewFeedbackSchema,
  interviewFeedbackText,
} from '@coach/shared/contract/interview';
import { type SpeechAnalysis, unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import type { Task, TaskOfType, TaskReport } from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import type { Deps } from '../../deps.ts';
import { builtinCoach, type CoachEngine, type InterviewQuestionInput } from '../../providers/coach.ts';
import { CLOSING_LINE } from '../../providers/interview-banks.ts';
import {
  type AnsweredStage,
  analyseAnswerContent,
  contradictsStoryChecks,
  type HeardAnswer,
  heardSetup,
  roleOf,
} from '../../providers/interview-rules.ts';
import { nowIso } from '../common/clock.ts';
import { loadTask, toTasks } from './task-rows.ts';

/**
 * The mock interview as a conversation (spec §4). When the speech job has heard an answer, the
 * interviewer checks what it says, asks the next question (chosen for the job title and industry the learner
 * gave in the opening) and, after the last answer, sums up. Each heard answer is a row of interview_turns; the
 * summing up is the row of stage FEEDBACK.
 */

const FEEDBACK_REQUEST = 'How did the interview go?';

export const interviewSetupOf = (task: TaskOfType<6>): InterviewSetup => ({
  jobTitle: task.jobTitle,
  industry: task.industry,
  location: task.location,
  region: task.region,
});

const nextStage = (stage: AnsweredStage) =>
  ANSWERED_INTERVIEW_STAGES[ANSWERED_INTERVIEW_STAGES.indexOf(stage) + 1] as
    | Exclude<AnsweredStage, 'POSITION'>
    | undefined;

type TurnRow = {
  stage: string;
  request: string;
  response: string | null;
  content: string | null;
  created_at: string;
  updated_at: string;
};

const turnsOf = async (db: Db, assignmentId: string) =>
  new Map(
    (
      await db
        .selectFrom('interview_turns')
        .select(['stage', 'request', 'response', 'content', 'created_at', 'updated_at'])
        .where('assignment_id', '=', assignmentId)
        .execute()
    ).map((row) => [row.stage, row as TurnRow]),
  );

const contentOf = (row: TurnRow | undefined): InterviewContent | null => {
  const parsed = row?.content ? interviewContentSchema.safeParse(JSON.parse(row.content)) : null;
  return parsed?.success ? parsed.data : null;
};

const feedbackOf = (row: TurnRow | undefined): InterviewFeedback | null => {
  const parsed = row?.content ? interviewFeedbackSchema.safeParse(JSON.parse(row.content)) : null;
  return parsed?.success ? parsed.data : null;
};

/** The engine's answer, or the built-in engine's when the model fails or answers out of shape. */
const withFallback = async <T>(coach: CoachEngine, ask: (engine: CoachEngine) => Promise<T>): Promise<T> => {
  if (coach.kind === 'builtin') return ask(coach);
  try {
    return await ask(coach);
  } catch (error) {
    console.warn(`The coach engine could not answer; the built-in interviewer did: ${String(error)}`);
    return ask(builtinCoach());
  }
};

const upsertTurn = async (
  trx: Db,
  keys: { enterpriseId: string; assignmentId: string; stage: string },
  values: { request: string; response: string | null; content: string | null },
) => {
  const at = nowIso();
  const updated = await trx
    .updateTable('interview_turns')
    .set({ ...values, updated_at: at })
    .where('assignment_id', '=', keys.assignmentId)
    .where('stage', '=', keys.stage)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await trx
    .insertInto('interview_turns')
    .values({
      id: crypto.randomUUID(),
      enterprise_id: keys.enterpriseId,
      assignment_id: keys.assignmentId,
      stage: keys.stage,
      ...values,
      created_at: at,
      updated_at: at,
    })
    .execute();
};

/** One attempt's interview advances one step at a time in this process: two answers heard at once wait in turn. */
const advancing = new Map<string, Promise<void>>();

/**
 * Moves an interview on as far as its heard answers allow (called after every answer's analysis is stored, by
 * the job that stored it, and again when that job is retried after a crash). Stage by stage in order: an answer
 * heard since its turn was written gets its checks and, the first time, the interviewer's reply (the next
 * question; asked of the coach engine, the built-in one when the engine fails); an answer not heard yet, or with
 * no speech, stops there (the question stands). Once all four are heard, the summing up is written, and written
 * again when an answer is heard anew. A question once asked stays asked. Serialised per attempt, so answers heard
 * together (a remote engine hears several at once) still follow each other.
 */
export const advanceInterview = async (deps: Pick<Deps, 'db' | 'coach'>, assignmentId: string) => {
  const before = advancing.get(assignmentId) ?? Promise.resolve();
  const run = before.then(() => advanceNow(deps, assignmentId));
  const settled = run.catch(() => undefined);
  advancing.set(assignmentId, settled);
  try {
    await run;
  } finally {
    if (advancing.get(assignmentId) === settled) advancing.delete(assignmentId);
  }
};

const advanceNow = async ({ db, coach }: Pick<Deps, 'db' | 'coach'>, assignmentId: string) => {
  const assignment = await db
    .selectFrom('task_assignments')
    .select(['enterprise_id', 'task_id'])
    .where('id', '=', assignmentId)
    .executeTakeFirst();
  if (!assignment) return;
  const [task] = await toTasks(db, [await loadTask(db, assignment.enterprise_id, assignment.task_id)]);
  if (task?.type !== TASK_TYPES.getInterviewReady) return;
  const setup = interviewSetupOf(task);
  const keys = { enterpriseId: assignment.enterprise_id, assignmentId };
  const [turns, analysisRows] = await Promise.all([
    turnsOf(db, assignmentId),
    db
      .selectFrom('recording_analyses')
      .select(['recording_key', 'status', 'analysis', 'updated_at'])
      .where('assignment_id', '=', assignmentId)
      .execute(),
  ]);
  const analyses = new Map(
    analysisRows.map((row) => [
      row.recording_key,
      {
        heardAt: row.updated_at,
        speech: row.analysis
          ? (JSON.parse(row.analysis) as SpeechAnalysis)
          : unmeasuredSpeechAnalysis(row.status === 'failed' ? 'failed' : 'pending'),
      },
    ]),
  );
  const heardText = (stage: AnsweredStage) => {
    const speech = analyses.get(stage)?.speech;
    return speech?.status === 'done' ? speech.transcript : '';
  };
  const opening = heardText('POSITION') || null;
  const said = heardSetup(setup, opening);
  const role = roleOf(setup, opening);
  const questionOf = (stage: AnsweredStage) => turns.get(stage)?.request ?? interviewPrompt(stage, said);

  let changed = false;
  for (const [index, stage] of ANSWERED_INTERVIEW_STAGES.entries()) {
    const heard = analyses.get(stage);
    if (!heard || heard.speech.status === 'pending') break;
    const turn = turns.get(stage);
    if (!turn || turn.updated_at < heard.heardAt) {
      const previous = ANSWERED_INTERVIEW_STAGES[index - 1];
      const request =
        turn?.request ??
        (previous ? turns.get(previous)?.response : null) ??
        interviewPrompt(stage, stage === 'POSITION' ? setup : said);
      const speech = heard.speech;
      const content =
        speech.status === 'done'
          ? analyseAnswerContent({ stage, transcript: speech.transcript, setup, role })
          : null;
      const next = nextStage(stage);
      let response = turn?.response ?? null;
      // An answer not heard (silence, or speech under too much noise to judge) leaves the question standing.
      if (response === null && speech.status !== 'no-speech' && speech.status !== 'too-noisy')
        response = next
          ? await withFallback(coach, (engine) =>
              engine.interviewQuestion({
                stage: next,
                setup: said,
                history: ANSWERED_INTERVIEW_STAGES.slice(0, index + 1).map((asked) => ({
                  stage: asked,
                  question: asked === stage ? request : questionOf(asked),
                  answer: heardText(asked),
                })),
                seed: assignmentId,
              } satisfies InterviewQuestionInput),
            )
          : CLOSING_LINE;
      const values = { request, response, content: content ? JSON.stringify(content) : null };
      await upsertTurn(db, { ...keys, stage }, values);
      const at = nowIso();
      turns.set(stage, { stage, ...values, created_at: turn?.created_at ?? at, updated_at: at });
      changed = true;
    }
    if (turns.get(stage)?.response === null) break;
  }

  // The summing up, once every answer has been heard or given up on; again after an answer heard anew.
  const finished = ANSWERED_INTERVIEW_STAGES.every((stage) => {
    const status = analyses.get(stage)?.speech.status;
    return status !== undefined && status !== 'pending';
  });
  if (!finished || (!changed && turns.has('FEEDBACK'))) return;
  const answers: HeardAnswer[] = ANSWERED_INTERVIEW_STAGES.map((stage) => ({
    stage,
    question: questionOf(stage),
    analysis: {
      speech: analyses.get(stage)?.speech as SpeechAnalysis,
      content: contentOf(turns.get(stage)),
    } satisfies InterviewAnswerAnalysis,
  }));
  const feedback = await withFallback(coach, async (engine) => {
    const summary = await engine.interviewFeedback({ setup: said, answers });
    // A model that calls a part of the story missing when its check found it is not believed.
    if (contradictsStoryChecks(summary, answers))
      throw new Error('The summing up called a part of the story missing that the checks found');
    return summary;
  });
  await upsertTurn(
    db,
    { ...keys, stage: 'FEEDBACK' },
    {
      request: FEEDBACK_REQUEST,
      response: interviewFeedbackText(feedback),
      content: JSON.stringify(feedback),
    },
  );
};

/**
 * The interview as the learner and the reviewer read it: each stage asked so far (the opening, then each stage
 * whose question the previous answer brought), with its recording, analysis and reply; then the coach's summing
 * up and the reviewer's feedback. Empty for other task types.
 */
export const interviewMessagesOf = async (
  db: Db,
  {
    assignmentId,
    task,
    report,
    analyses,
    feedback,
    at,
  }: {
    assignmentId: string;
    task: Task;
    report: TaskReport;
    analyses: Record<string, SpeechAnalysis>;
    feedback: { text: string | null; at: string | null };
    /** When the attempt began (a message with nothing better dates from it). */
    at: string;
  },
): Promise<InterviewMessage[]> => {
  if (task.type !== TASK_TYPES.getInterviewReady) return [];
  const setup = interviewSetupOf(task);
  const turns = await turnsOf(db, assignmentId);
  const messages: InterviewMessage[] = [];
  let request: string | null = interviewPrompt('POSITION', setup);
  for (const stage of ANSWERED_INTERVIEW_STAGES) {
    if (request === null) break;
    const turn = turns.get(stage);
    const recording = report.recordings?.[stage];
    const speech = recording ? analyses[stage] : undefined;
    messages.push({
      requestType: stage,
      request: turn?.request ?? request,
      response: turn?.response ?? null,
      audioKeys: recording ? [recording.fileUrl] : [],
      answerAnalysis: speech ? { speech, content: speech.status === 'done' ? contentOf(turn) : null } : null,
      from: 'coach',
      feedback: null,
      createdAt: turn?.created_at ?? recording?.recordedAt ?? at,
    });
    // The next stage is asked once this answer's reply is in (a later recording sent without it still shows).
    const next = nextStage(stage);
    request = next
      ? (turn?.response ?? (report.recordings?.[next] ? interviewPrompt(next, setup) : null))
      : null;
  }
  const summary = turns.get('FEEDBACK');
  const coachFeedback = feedbackOf(summary);
  if (summary && coachFeedback)
    messages.push({
      requestType: 'FEEDBACK',
      request: summary.request,
      response: summary.response,
      audioKeys: [],
      answerAnalysis: null,
      from: 'coach',
      feedback: coachFeedback,
      createdAt: summary.created_at,
    });
  if (feedback.text)
    messages.push({
      requestType: 'FEEDBACK',
      request: interviewPrompt('FEEDBACK', setup),
      response: feedback.text,
      audioKeys: [],
      answerAnalysis: null,
      from: 'reviewer',
      feedback: null,
      createdAt: feedback.at ?? at,
    });
  return messages;
};
