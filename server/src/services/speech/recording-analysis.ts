import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { DEFAULT_PRONUNCIATION_SETTINGS } from '@coach/shared/contract/pronunciation';
import { type SpeechAnalysis, unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import {
  isScoredTaskType,
  type PronunciationResult,
  type Task,
  type TaskReport,
} from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import type { Deps } from '../../deps.ts';
import { enqueue } from '../../jobs/queue.ts';
import { nowIso } from '../common/clock.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { advanceInterview } from '../tasks/interview.ts';
import { countingAfter, countingJson } from '../tasks/task-attempts.ts';
import { loadTask, toTasks } from '../tasks/task-rows.ts';
import { pronunciationSettingsForUser } from './pronunciation.ts';
import { analyseTranscript } from './speech-analytics.ts';

/**
 * Issue 16: every recording of every task attempt is heard by the speech engine in the background. Saving an
 * attempt writes a pending analysis and its job in the same transaction; the job transcribes the recording and
 * stores the analysis; the learner's and reviewer's calls read it back, keyed like `report.recordings`.
 */

/** Recordings are read for analysis up to the recording upload limit. */
const READ_BYTES = 50 * 1024 * 1024;

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
      // An earlier try's recordings are kept (issue 38).
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
    await enqueue(db, 'speech-analysis', { analysisId: id }, { delayMs: queued });
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
    // The current try's: an earlier try's analyses are kept under its attempt (issue 38).
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

/** recording.analysed: who, which task and recording, and the scores (null for no speech). */
const emitAnalysed = async (
  db: Db,
  row: { id: string; enterprise_id: string; assignment_id: string; recording_key: string },
  analysis: SpeechAnalysis,
) => {
  const assignment = await db
    .selectFrom('task_assignments')
    .select(['task_id', 'user_id'])
    .where('id', '=', row.assignment_id)
    .executeTakeFirst();
  if (!assignment) return;
  await emitEvent(db, {
    enterpriseId: row.enterprise_id,
    type: 'recording.analysed',
    memberId: assignment.user_id,
    data: {
      taskId: assignment.task_id,
      assignmentId: row.assignment_id,
      analysisId: row.id,
      recordingKey: row.recording_key,
      status: analysis.status,
      scores: analysis.scores ? { ...analysis.scores } : null,
      wordsPerMinute: analysis.wordsPerMinute,
    },
  });
};

/** The job: hear one recording and store what was heard. A row replaced by a new take meanwhile is skipped. */
export const analyseRecording = async (
  { db, storage, speech, coach }: Pick<Deps, 'db' | 'storage' | 'speech' | 'coach'>,
  analysisId: string,
) => {
  const row = await db
    .selectFrom('recording_analyses')
    .selectAll()
    .where('id', '=', analysisId)
    .executeTakeFirst();
  if (!row) return;
  // A retry after a crash between storing the analysis and moving the interview on only does the latter.
  if (row.status === 'pending') {
    const key = storage.keyOf(row.file_url);
    const upload = key
      ? await db.selectFrom('uploads').select('content_type').where('key', '=', key).executeTakeFirst()
      : undefined;
    const bytes = key ? await storage.head(key, READ_BYTES) : null;
    if (!key || !upload || !bytes) throw new Error(`The recording ${row.file_url} could not be read`);
    // The learner's group judges the reading: its accent picks the reference sounds, its strictness the bar.
    const learner = await db
      .selectFrom('task_assignments')
      .select('user_id')
      .where('id', '=', row.assignment_id)
      .executeTakeFirst();
    const settings = learner
      ? await pronunciationSettingsForUser(db, row.enterprise_id, learner.user_id)
      : DEFAULT_PRONUNCIATION_SETTINGS;
    const transcript = await speech.transcribe(
      { bytes, contentType: upload.content_type },
      { target: row.target_text, accent: settings.accent },
    );
    const analysis = analyseTranscript({
      transcript,
      target: row.target_text,
      strictness: settings.strictness,
    });
    // The analysis and, when it was the last one a Pronunciation task waited for, the task's score land
    // together: a reader never sees every item heard but no score yet.
    await db.transaction().execute(async (trx) => {
      const stored = await trx
        .updateTable('recording_analyses')
        .set({ status: analysis.status, analysis: JSON.stringify(analysis), updated_at: nowIso() })
        .where('id', '=', analysisId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(stored.numUpdatedRows) > 0) await emitAnalysed(trx, row, analysis);
      if (row.attempt_id === null) await scorePronunciationTask({ db: trx, speech }, row.assignment_id);
    });
  }
  // An interview answer heard brings the interviewer's reply.
  await advanceInterview({ db, coach }, row.assignment_id);
};

/**
 * A completed scored task (Pronunciation, and Read & Record since issue 38) is scored once every item's
 * recording has been heard (issue 16): at submission when the analyses are in already, else by the job that
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
  return result;
};

/** The job gave up: the analysis says failed (the learner can record again, which queues a new one). */
export const markAnalysisFailed = async (
  { db, speech, coach }: Pick<Deps, 'db' | 'speech' | 'coach'>,
  analysisId: string,
) => {
  const row = await db
    .selectFrom('recording_analyses')
    .select(['assignment_id', 'status', 'attempt_id'])
    .where('id', '=', analysisId)
    .executeTakeFirst();
  if (!row) return;
  if (row.status === 'pending')
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('recording_analyses')
        .set({
          status: 'failed',
          analysis: JSON.stringify(unmeasuredSpeechAnalysis('failed')),
          updated_at: nowIso(),
        })
        .where('id', '=', analysisId)
        .where('status', '=', 'pending')
        .execute();
      // A scored task waiting on this item is scored without it (0 for the item, not passed).
      if (row.attempt_id === null) await scorePronunciationTask({ db: trx, speech }, row.assignment_id);
    });
  // An interview goes on without the answer: the next question is asked all the same.
  await advanceInterview({ db, coach }, row.assignment_id);
};
