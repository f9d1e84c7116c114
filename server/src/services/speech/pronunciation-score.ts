import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { isScoredTaskType, type PronunciationResult, type TaskReport } from '@coach/shared/contract/tasks';
import type { Deps } from '../../deps.ts';
import { nowIso } from '../common/clock.ts';
import { queueLtiScores } from '../lti/score-queue.ts';
import { countingAfter, countingJson } from '../tasks/task-attempts.ts';
import { loadTask, toTasks } from '../tasks/task-rows.ts';
import { analysesOf } from './analysis-rows.ts';
import { pronunciationSettingsForUser } from './pronunciation.ts';

/**
 * A completed scored task (Pronunciation, and Read & Record) is scored once every item's
 * recording has been heard: at submission when the analyses are in already, else by the job that
 * finishes the last of them. The score is the mean of the items' pronunciation scores (Read & Record: its one
 * passage) against the learner's group passing score; an item with no speech scores 0 and keeps the task from
 * passing. Nothing is scored twice. The counting score across the tries (best or latest) is stored beside it.
 */
export const scorePronunciationTask = async (
  { db, speech }: Pick<Deps, 'db' | 'speech'>,
  assignmentId: string,
): Promise<PronunciationResult | null> => {
  const row = await db
    .selectFrom('task_assignments')
    .select(['id', 'enterprise_id', 'task_id', 'user_id', 'status', 'report'])
    .where('id', '=', assignmentId)
    .executeTakeFirst();
  if (!row || Number(row.status) !== 2 || !row.report) return null;
  const report = JSON.parse(row.report) as TaskReport & { pronunciationResult?: PronunciationResult };
  if (report.pronunciationResult) return report.pronunciationResult;
  const [task] = await toTasks(db, [await loadTask(db, row.enterprise_id, row.task_id)]);
  if (!task || !isScoredTaskType(task.type)) return null;
  const targets =
    task.type === TASK_TYPES.pronunciation
      ? task.items.map((expected, index) => ({ expected, key: String(index) }))
      : task.type === TASK_TYPES.readAndRecord
        ? [{ expected: task.passage, key: 'passage' }]
        : [];
  const analyses = (await analysesOf(db, [row.id])).get(row.id) ?? {};
  const measured = targets.map(({ key }) => analyses[key]);
  if (measured.some((a) => !a || a.status === 'pending')) return null;
  const settings = await pronunciationSettingsForUser(db, row.enterprise_id, row.user_id);
  const items = targets.map(({ expected }, index) => {
    const analysis = measured[index];
    const done = analysis?.status === 'done' ? analysis : null;
    return { expected, score: done?.scores.pronunciation ?? 0, heard: done?.transcript || null };
  });
  const score = Math.round(items.reduce((sum, item) => sum + item.score, 0) / Math.max(1, items.length));
  const heardEverything = measured.every((a) => a?.status === 'done');
  const result: PronunciationResult = {
    score,
    passingScore: settings.passingScore,
    passed: heardEverything && score >= settings.passingScore,
    method: 'speech',
    engine: speech.kind,
    accent: settings.accent,
    strictness: settings.strictness,
    items,
    scoredAt: nowIso(),
  };
  const counting = await countingAfter(db, row.id, settings.attemptCounts, result);
  await db
    .updateTable('task_assignments')
    .set({
      report: JSON.stringify({ ...report, pronunciationResult: result }),
      counting_result: countingJson(counting),
    })
    .where('id', '=', row.id)
    .execute();
  // The LMS activities linking this task get the counting score (the caller pokes the queue, or its poll finds it).
  await queueLtiScores(db, row.id);
  return result;
};
