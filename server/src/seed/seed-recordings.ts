import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { TaskReport } from '@coach/shared/contract/tasks';
import type { Db } from '../db/connect.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { queueRecordingAnalyses } from '../services/speech/analysis-rows.ts';
import { assertComplete } from '../services/tasks/task-answers.ts';
import { loadTask, toTasks } from '../services/tasks/task-rows.ts';

/** Made by scripts/media/generate-demo-media.mjs and committed: what flite said for each demo member. */
const RECORDINGS_DIR = fileURLToPath(new URL('../../seed-media/recordings/', import.meta.url));
const HOUR_MS = 3_600_000;

type SeedAttempt = {
  /** A demo member of the learner's first group, which the demo tasks are assigned to. */
  email: string;
  taskType:
    | typeof TASK_TYPES.pronunciation
    | typeof TASK_TYPES.readAndRecord
    | typeof TASK_TYPES.questionAndAnswer
    | typeof TASK_TYPES.getInterviewReady;
  /**
   * Recording key (item or question index, "passage", or interview stage) → file in seed-media/recordings. Their
   * analyses are queued in this order: an interview's stages must be heard in order, each reply being the next
   * question.
   */
  recordings: Record<string, string>;
  /** How long ago the attempt was completed. */
  hoursAgo: number;
};

/**
 * The demo speaks: completed attempts whose recordings are real (synthesised) speech, one read right
 * and one with words missed or said wrongly, so the reviewer sees the speech engine's contrast from the first
 * start; and a completed interview, whose conversation (the interviewer's replies and summing up) the job runner
 * writes as it hears the four answers, as it does for a learner's.
 */
const ATTEMPTS: SeedAttempt[] = [
  {
    email: 'member01@acme.example',
    taskType: TASK_TYPES.pronunciation,
    recordings: {
      '0': 'nguyen-particularly.webm',
      '1': 'nguyen-thoroughly.webm',
      '2': 'nguyen-entrepreneur.webm',
      '3': 'nguyen-hierarchy.webm',
      '4': 'nguyen-schedule.webm',
    },
    hoursAgo: 26,
  },
  {
    email: 'member01@acme.example',
    taskType: TASK_TYPES.readAndRecord,
    recordings: { passage: 'nguyen-passage.webm' },
    hoursAgo: 25,
  },
  {
    email: 'member22@acme.example',
    taskType: TASK_TYPES.pronunciation,
    recordings: {
      '0': 'smith-particularly.webm',
      '1': 'smith-thoroughly.webm',
      '2': 'smith-entrepreneur.webm',
      '3': 'smith-hierarchy.webm',
      '4': 'smith-schedule.webm',
    },
    hoursAgo: 5,
  },
  {
    email: 'member22@acme.example',
    taskType: TASK_TYPES.readAndRecord,
    recordings: { passage: 'smith-passage.webm' },
    hoursAgo: 4,
  },
  {
    email: 'member31@acme.example',
    taskType: TASK_TYPES.questionAndAnswer,
    recordings: { '0': 'patel-answer-1.webm', '1': 'patel-answer-2.webm', '2': 'patel-answer-3.webm' },
    hoursAgo: 2,
  },
  {
    email: 'member52@acme.example',
    taskType: TASK_TYPES.getInterviewReady,
    recordings: {
      POSITION: 'williams-position.webm',
      ICEBREAKING: 'williams-icebreaking.webm',
      TECHNICAL: 'williams-technical.webm',
      BEHAVIOURAL: 'williams-behavioural.webm',
    },
    hoursAgo: 1,
  },
];

/** Uploads one committed recording as the member's own, as the recorder's signed upload would have. */
const uploadRecording = async (
  trx: Db,
  { storage, file, enterpriseId, userId, at }: SeedUpload & { file: string; at: string },
) => {
  const bytes = readFileSync(`${RECORDINGS_DIR}${file}`);
  const key = `task-recording/${at.slice(0, 7)}/${crypto.randomUUID()}.webm`;
  await storage.put(key, bytes, 'audio/webm');
  await trx
    .insertInto('uploads')
    .values({
      key,
      purpose: 'task-recording',
      content_type: 'audio/webm',
      max_bytes: bytes.length,
      owner_kind: 'enterprise',
      owner_id: userId,
      enterprise_id: enterpriseId,
      size: bytes.length,
      created_at: at,
      received_at: at,
    })
    .execute();
  return storage.publicUrl(key);
};
type SeedUpload = { storage: StorageProvider; enterpriseId: string; userId: string };

/**
 * Completes the ATTEMPTS on the demo tasks (already assigned to these members through their group) and queues
 * their analyses in the seed's transaction, through the same path a learner's save takes: the server's job
 * runner hears them as it starts. Without a storage provider there is nowhere to put the files: nothing is added.
 */
export const seedRecordedAttempts = async (
  trx: Db,
  { storage, enterpriseId, now }: { storage: StorageProvider | undefined; enterpriseId: string; now: string },
) => {
  if (!storage) return;
  for (const attempt of ATTEMPTS) {
    const row = await trx
      .selectFrom('task_assignments')
      .innerJoin('tasks', 'tasks.id', 'task_assignments.task_id')
      .innerJoin('users', 'users.id', 'task_assignments.user_id')
      .select(['task_assignments.id', 'task_assignments.task_id', 'task_assignments.user_id'])
      .where('task_assignments.enterprise_id', '=', enterpriseId)
      .where('users.email', '=', attempt.email)
      .where('tasks.type', '=', attempt.taskType)
      .where('tasks.archived', '=', 0)
      .orderBy('tasks.created_at')
      .executeTakeFirstOrThrow();
    const [task] = await toTasks(trx, [await loadTask(trx, enterpriseId, row.task_id)]);
    if (!task) throw new Error(`No demo task of type ${attempt.taskType}`);
    const completedAt = new Date(Date.parse(now) - attempt.hoursAgo * HOUR_MS);
    const report: TaskReport = { recordings: {} };
    for (const [index, [key, file]] of Object.entries(attempt.recordings).entries()) {
      // A take a minute apart, the last one a minute before submitting.
      const at = new Date(completedAt.getTime() - (Object.keys(attempt.recordings).length - index) * 60_000);
      const fileUrl = await uploadRecording(trx, {
        storage,
        file,
        enterpriseId,
        userId: row.user_id,
        at: at.toISOString(),
      });
      report.recordings = { ...report.recordings, [key]: { fileUrl, recordedAt: at.toISOString() } };
    }
    // The same rule a learner's submission meets: every item, question or passage recorded.
    assertComplete(task, report);
    const startedAt = new Date(completedAt.getTime() - 15 * 60_000).toISOString();
    await trx
      .updateTable('task_assignments')
      .set({
        status: 2,
        progress: 100,
        report: JSON.stringify(report),
        // Assigned before it was done: a reviewer read "assigned Dec 6, completed Dec 5".
        assigned_at: new Date(completedAt.getTime() - 48 * HOUR_MS).toISOString(),
        started_at: startedAt,
        completed_at: completedAt.toISOString(),
        updated_at: completedAt.toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    await queueRecordingAnalyses(trx, { enterpriseId, assignmentId: row.id, task, previous: {}, report });
  }
};
