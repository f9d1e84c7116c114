import { DEFAULT_PRONUNCIATION_SETTINGS } from '@coach/shared/contract/pronunciation';
import { type SpeechAnalysis, unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import type { Db } from '../../db/connect.ts';
import type { Deps } from '../../deps.ts';
import { nowIso } from '../common/clock.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { advanceInterview } from '../tasks/interview.ts';
import { pronunciationSettingsForUser } from './pronunciation.ts';
import { scorePronunciationTask } from './pronunciation-score.ts';
import { analyseTranscript } from './speech-analytics.ts';

/**
 * Every recording of every task attempt is heard by the speech engine in the background. Saving an attempt writes
 * a pending analysis and its job in the same transaction; the job (recording-analysis.ts) transcribes the recording
 * and stores the analysis; the learner's and reviewer's calls read it back, keyed like `report.recordings`.
 */

/** Recordings are read for analysis up to the recording upload limit. */
const READ_BYTES = 50 * 1024 * 1024;

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
