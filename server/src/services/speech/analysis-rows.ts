import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { type SpeechAnalysis, unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import type { Task, TaskReport } from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import { enqueue } from '../../jobs/queue.ts';
import { nowIso } from '../common/clock.ts';

/**
 * Every recording of every task attempt is heard by the speech engine in the background. Saving an attempt writes
 * a pending analysis and its job in the same transaction; the job (recording-analysis.ts) transcribes the recording
 * and stores the analysis; the learner's and reviewer's calls read it back, keyed like `report.recordings`.
 */

/** What the learner was asked to say for a recording key, when the task gives a text (else free speech). */
export const targetTextOf = (task: Task, key: string): string | null => {
  if (task.type === TASK_TYPES.pronunciation) return task.items[Number(key)] ?? null;
  if (task.type === TASK_TYPES.readAndRecord) return key === 'passage' || key === '0' ? task.passage : null;
  return null;
};

/**
 * Queues an analysis for each recording that is new or replaced since `previous` (db is the caller's transaction,
 * so an attempt saved is an attempt queued: a crash between the two cannot lose one). Answers how many.
 */
export const queueRecordingAnalyses = async (
  db: Db,
  {
    enterpriseId,
    assignmentId,
    task,
    previous,
    report,
  }: { enterpriseId: string; assignmentId: string; task: Task; previous: TaskReport; report: TaskReport },
) => {
  let queued = 0;
  for (const [key, recording] of Object.entries(report.recordings ?? {})) {
    if (previous.recordings?.[key]?.fileUrl === recording.fileUrl) continue;
    const at = nowIso();
    const id = crypto.randomUUID();
    await db
      .deleteFrom('recording_analyses')
      .where('assignment_id', '=', assignmentId)
      .where('recording_key', '=', key)
      // An earlier try's recordings are kept.
      .where('attempt_id', 'is', null)
      .execute();
    await db
      .insertInto('recording_analyses')
      .values({
        id,
        enterprise_id: enterpriseId,
        assignment_id: assignmentId,
        recording_key: key,
        file_url: recording.fileUrl,
        target_text: targetTextOf(task, key),
        status: 'pending',
        analysis: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // Each a millisecond after the one before, so they are heard in the report's order (jobs due at the same
    // instant come in no set order): an interview's answers stage by stage, each reply being the next question.
    // The enterprise's: workers share out among enterprises, so a big one's backlog does not hold a small one's.
    await enqueue(db, 'speech-analysis', { analysisId: id }, { delayMs: queued, tenant: enterpriseId });
    queued += 1;
  }
  return queued;
};

/** The analyses of some attempts, keyed by assignment and then by recording key. */
export const analysesOf = async (db: Db, assignmentIds: string[]) => {
  const byAssignment = new Map<string, Record<string, SpeechAnalysis>>();
  if (assignmentIds.length === 0) return byAssignment;
  const rows = await db
    .selectFrom('recording_analyses')
    .select(['assignment_id', 'recording_key', 'status', 'analysis'])
    .where('assignment_id', 'in', assignmentIds)
    // The current try's: an earlier try's analyses are kept under its attempt.
    .where('attempt_id', 'is', null)
    .execute();
  for (const row of rows) {
    const analyses = byAssignment.get(row.assignment_id) ?? {};
    analyses[row.recording_key] = row.analysis
      ? (JSON.parse(row.analysis) as SpeechAnalysis)
      : unmeasuredSpeechAnalysis(row.status === 'failed' ? 'failed' : 'pending');
    byAssignment.set(row.assignment_id, analyses);
  }
  return byAssignment;
};
