import type { AttemptCounts } from '@coach/shared/contract/pronunciation';
import {
  isScoredTaskType,
  MAX_TASK_ATTEMPTS,
  type PronunciationResult,
  type RetryRule,
  type Task,
  type TaskAttempt,
} from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import type { AssignmentRow, StoredReport } from './task-assignment-types.ts';

// The tries at a scored task (Pronunciation, Read & Record). The current try is the assignment's
// own row; trying again keeps the submitted one in task_attempts (its analyses are marked with its id) and opens a
// new one. Which try counts follows the learner's group rule, best or latest, and is stored with the assignment
// as counting_result so the reports read the counting score without walking the tries.

/** A scored try: its number and score (null while being scored). */
export type ScoredTry = { number: number; result: PronunciationResult | null };
/** counting_result as stored: the counting try's score and its number. */
type StoredCounting = PronunciationResult & { attemptNumber: number };

/**
 * The try that counts: with 'latest' the last one scored; with 'best' a passing try before a failing one, then
 * the higher score, then the earlier (the first time it was reached). Null while none is scored.
 */
export const countingTry = (
  rule: AttemptCounts,
  tries: ScoredTry[],
): (ScoredTry & { result: PronunciationResult }) | null => {
  const scored = tries.filter(
    (one): one is ScoredTry & { result: PronunciationResult } => one.result !== null,
  );
  if (rule === 'latest') return scored.at(-1) ?? null;
  let best: (typeof scored)[number] | null = null;
  for (const one of scored) {
    if (
      !best ||
      Number(one.result.passed) - Number(best.result.passed) > 0 ||
      (one.result.passed === best.result.passed && one.result.score > best.result.score)
    )
      best = one;
  }
  return best;
};

/** The stored counting score as the contract answers it (without the try number kept beside it). */
export const parseCounting = (json: string | null | undefined) => {
  if (!json) return null;
  const { attemptNumber, ...result } = JSON.parse(json) as StoredCounting;
  return { attemptNumber, result: result as PronunciationResult };
};
export const countingJson = (counting: { number: number; result: PronunciationResult } | null) =>
  counting ? JSON.stringify({ ...counting.result, attemptNumber: counting.number }) : null;

/** The earlier tries of an assignment, the first first. */
export const keptTries = (db: Db, assignmentId: string) =>
  db
    .selectFrom('task_attempts')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('number')
    .execute();

const resultOf = (report: string | null) =>
  report ? ((JSON.parse(report) as StoredReport).pronunciationResult ?? null) : null;

/** The counting try among the kept ones and, when scored, the current one (`current` its number and score). */
export const countingAfter = async (
  db: Db,
  assignmentId: string,
  rule: AttemptCounts,
  current: PronunciationResult | null,
) => {
  const kept = await keptTries(db, assignmentId);
  const tries: ScoredTry[] = kept.map((row) => ({
    number: Number(row.number),
    result: resultOf(row.report),
  }));
  if (current) tries.push({ number: kept.length + 1, result: current });
  return countingTry(rule, tries);
};

export type AttemptState = {
  counting: PronunciationResult | null;
  attempts: TaskAttempt[];
  retry: RetryRule | null;
};

const COMPLETED = 2;

/**
 * The tries of an assignment as the learner and the reviewer see them: every finished try (the current one once
 * submitted), the counting one marked, and whether a new try may open. Nothing for unscored task types.
 */
export const attemptStateOf = async (
  db: Db,
  row: AssignmentRow & { counting_result?: string | null },
  task: Task | undefined,
  rule: AttemptCounts,
): Promise<AttemptState> => {
  if (!task || !isScoredTaskType(task.type)) return { counting: null, attempts: [], retry: null };
  const kept = await keptTries(db, row.id);
  const stored = (row.report ? JSON.parse(row.report) : {}) as StoredReport;
  const { pronunciationResult: currentResult = null, ...currentReport } = stored;
  const submitted = Number(row.status) === COMPLETED;
  const currentNumber = kept.length + 1;
  const tries: ScoredTry[] = [
    ...kept.map((one) => ({ number: Number(one.number), result: resultOf(one.report) })),
    ...(submitted ? [{ number: currentNumber, result: currentResult }] : []),
  ];
  // The stored counting score is what the reports read; a task scored before tries were kept has none yet.
  const saved = parseCounting(row.counting_result);
  const counting = saved ? { number: saved.attemptNumber, result: saved.result } : countingTry(rule, tries);
  const attempts: TaskAttempt[] = [
    ...kept.map((one) => {
      const { pronunciationResult = null, ...report } = JSON.parse(one.report) as StoredReport;
      return {
        number: Number(one.number),
        current: false,
        counts: counting?.number === Number(one.number),
        startedAt: one.started_at,
        completedAt: one.completed_at,
        result: pronunciationResult,
        recordings: report.recordings ?? {},
        feedback: one.feedback,
        reviewedAt: one.reviewed_at,
      };
    }),
    ...(submitted
      ? [
          {
            number: currentNumber,
            current: true,
            counts: counting?.number === currentNumber,
            startedAt: row.started_at,
            completedAt: row.completed_at,
            result: currentResult,
            recordings: currentReport.recordings ?? {},
            feedback: row.feedback,
            reviewedAt: row.reviewed_at,
          },
        ]
      : []),
  ];
  const reason: RetryRule['reason'] = !submitted
    ? 'open'
    : !currentResult
      ? 'scoring'
      : currentResult.passed || counting?.result.passed
        ? 'passed'
        : tries.length >= MAX_TASK_ATTEMPTS
          ? 'limit'
          : null;
  return {
    counting: counting?.result ?? null,
    attempts,
    retry: { counts: rule, maxAttempts: MAX_TASK_ATTEMPTS, allowed: reason === null, reason },
  };
};

/** Why a new try cannot open, as the learner is told (409). */
export const RETRY_REFUSED: Record<NonNullable<RetryRule['reason']>, string> = {
  passed: 'You passed this task, so there is nothing to try again',
  scoring: 'Your try is still being scored: try again once its score is in',
  open: 'Finish and submit the try you have open first',
  limit: 'You have had the most tries this task allows',
};
