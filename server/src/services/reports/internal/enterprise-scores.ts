import { TASK_TYPES, type TaskType } from '@coach/shared/constants/task-types';
import type { SpeechMeans, TaskTypeScores } from '@coach/shared/contract/reports';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import {
  isScoredTaskType,
  type PronunciationResult,
  type QuestionTemplate,
  type TaskReport,
} from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import type { ServiceContext } from '../../context.ts';
import { parseCounting } from '../../tasks/task-attempts.ts';
import type { Scope } from './report-scope.ts';
import { completedInRange, count, mean, tenth, whole } from './report-sql.ts';

/** Task types whose attempts have a score or recordings, in type order (the scores table's rows). */
const SCORED_TYPES = [
  TASK_TYPES.pronunciation,
  TASK_TYPES.questionAndAnswer,
  TASK_TYPES.readAndRecord,
  TASK_TYPES.getInterviewReady,
  TASK_TYPES.multipleChoiceQuestion,
] as const satisfies readonly TaskType[];

/** The share (0-100) of an attempt's graded questions answered exactly as expected; null when none is graded. */
export const choiceScore = (questions: QuestionTemplate[], report: TaskReport): number | null => {
  let graded = 0;
  let right = 0;
  for (const question of questions) {
    if (question.answer === undefined) continue;
    graded += 1;
    const expected = new Set(Array.isArray(question.answer) ? question.answer : [question.answer]);
    const chosen = new Set(report.choices?.[question.id]?.values ?? []);
    if (chosen.size === expected.size && [...chosen].every((value) => expected.has(value))) right += 1;
  }
  return graded === 0 ? null : (right / graded) * 100;
};

type SpeechSums = {
  recordings: number;
  wpm: number;
  fillers: number;
  targeted: number;
  pronunciation: number;
};
const emptySums = (): SpeechSums => ({ recordings: 0, wpm: 0, fillers: 0, targeted: 0, pronunciation: 0 });
const meansOf = (s: SpeechSums): SpeechMeans => ({
  recordings: s.recordings,
  pronunciation: whole(mean(s.pronunciation, s.targeted)),
  wordsPerMinute: whole(mean(s.wpm, s.recordings)),
  fillersPer100Words: tenth(mean(s.fillers, s.recordings)),
});

/**
 * Scores per type of the attempts completed in the range: Pronunciation results and graded multiple-choice
 * answers from the attempts' reports, speech means from their heard recordings. Reports and analyses are JSON
 * text, read here rather than queried as JSON on two dialects; the completed-in-range index bounds the rows.
 */
export const scoresOf = async (ctx: ServiceContext, scope: Scope) => {
  const [attempts, recordings] = await Promise.all([
    completedInRange(ctx, scope)
      .where('t.type', 'in', [
        TASK_TYPES.pronunciation,
        TASK_TYPES.readAndRecord,
        TASK_TYPES.multipleChoiceQuestion,
      ])
      .select([
        't.type as type',
        'ta.report as report',
        'ta.counting_result as counting',
        't.details as details',
      ])
      .execute(),
    completedInRange(ctx, scope)
      .innerJoin('recording_analyses as ra', 'ra.assignment_id', 'ta.id')
      .where('ra.enterprise_id', '=', scope.enterpriseId)
      .where('ra.status', '=', 'done')
      .select([
        't.type as type',
        sql<number>`case when ra.target_text is null then 0 else 1 end`.as('targeted'),
        'ra.analysis as analysis',
      ])
      .execute(),
  ]);
  const scores = new Map<number, { n: number; sum: number }>();
  for (const row of attempts) {
    const report = row.report
      ? (JSON.parse(row.report) as TaskReport & { pronunciationResult?: PronunciationResult })
      : {};
    // A scored task counts by its counting try: the best or the latest, as the learner's group is set.
    const score = isScoredTaskType(row.type)
      ? (parseCounting(row.counting)?.result.score ??
        (report as { pronunciationResult?: PronunciationResult }).pronunciationResult?.score ??
        null)
      : choiceScore((JSON.parse(row.details) as { questions?: QuestionTemplate[] }).questions ?? [], report);
    if (score === null) continue;
    const slot = scores.get(row.type) ?? { n: 0, sum: 0 };
    slot.n += 1;
    slot.sum += score;
    scores.set(row.type, slot);
  }
  const speech = new Map<number, SpeechSums>();
  const all = emptySums();
  for (const row of recordings) {
    const analysis = row.analysis ? (JSON.parse(row.analysis) as SpeechAnalysis) : null;
    if (analysis?.status !== 'done') continue;
    const slot = speech.get(row.type) ?? emptySums();
    for (const sums of [slot, all]) {
      sums.recordings += 1;
      sums.wpm += analysis.wordsPerMinute;
      sums.fillers += analysis.fillers.per100Words;
      if (count(row.targeted) === 1) {
        sums.targeted += 1;
        sums.pronunciation += analysis.scores.pronunciation;
      }
    }
    speech.set(row.type, slot);
  }
  const byType: TaskTypeScores[] = SCORED_TYPES.map((type) => {
    const score = scores.get(type);
    return {
      type,
      scoredAttempts: score?.n ?? 0,
      averageScore: score ? whole(mean(score.sum, score.n)) : null,
      ...meansOf(speech.get(type) ?? emptySums()),
    };
  });
  return { byType, speech: meansOf(all) };
};
