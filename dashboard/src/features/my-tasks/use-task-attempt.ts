import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { EXTENSION_OF_TYPE } from '@coach/shared/constants/uploads';
import { isScoredTaskType, type MyTaskDetail, type TaskReport, tasks } from '@coach/shared/contract/tasks';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload.ts';
import type { AudioTake } from '../../ui/audio-recorder.tsx';
import { anyPending, useAnalysisPoll } from '../../ui/speech-analysis.poll.ts';
import { inProgressPercent, reportToSend } from './task-report.ts';

/** Typed answers and choices are saved this long after the last change. */
const AUTOSAVE_DELAY_MS = 1200;

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string };
export type SubmitProblem = { message: string; field: string | undefined };
/** When a change is saved: at once (a recording), after a pause (typing), or not by itself. */
export type SaveWhen = 'now' | 'soon';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

/**
 * The learner's attempt at one task: the report as it grows, saved as progress (taskStatus 1) after each
 * recording and shortly after typing, so a half-done task resumes where it stopped; then the completion call
 * (taskStatus 2, progress 100). Saves run one after another and each sends the latest report.
 */
export const useTaskAttempt = (detail: MyTaskDetail) => {
  const { task } = detail;
  const userId = useAtomValue(enterpriseUserAtom)?._id ?? '';
  const [assignment, setAssignment] = useState(detail.assignment);
  const [report, setReport] = useState<TaskReport>(detail.assignment.report ?? {});
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const latest = useRef(report);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<number | null>(null);
  // A take uploaded once is not uploaded again when only the progress save needs a retry.
  const uploaded = useRef(new WeakMap<Blob, string>());
  const completed = assignment.taskStatus === TASK_STATUS.completed;
  // Counts the saves answered, so a poll sent before a save cannot bring back the analysis the save replaced.
  const [saves, setSaves] = useState(0);
  const savesRef = useRef(0);
  const answered = useCallback(() => {
    savesRef.current += 1;
    setSaves(savesRef.current);
  }, []);

  const saveProgress = useCallback((): Promise<void> => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    const run = queue.current.then(async () => {
      setSaveState({ kind: 'saving' });
      try {
        const saved = await api.call(tasks.updateMyTask, {
          userId,
          taskId: task._id,
          progress: inProgressPercent(task, latest.current),
          taskStatus: TASK_STATUS.inProgress,
          report: reportToSend(task, latest.current),
        });
        answered();
        setAssignment((current) => ({ ...saved, report: current.report }));
        setSaveState({ kind: 'saved' });
      } catch (error) {
        setSaveState({ kind: 'failed', message: messageOf(error) });
        throw error;
      }
    });
    queue.current = run.catch(() => undefined);
    return run;
  }, [task, userId, answered]);

  // Typing waits for a pause; leaving the screen sends what is pending.
  const saveRef = useRef(saveProgress);
  saveRef.current = saveProgress;
  useEffect(
    () => () => {
      if (timer.current !== null) void saveRef.current().catch(() => undefined);
    },
    [],
  );

  /** Changes the report and saves it as progress, at once or after a pause. */
  const update = useCallback(
    (change: (current: TaskReport) => TaskReport, when: SaveWhen) => {
      if (completed) return Promise.resolve();
      const next = change(latest.current);
      latest.current = next;
      setReport(next);
      setProblem((current) => (current?.field ? null : current));
      if (when === 'now') return saveProgress();
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        void saveProgress().catch(() => undefined);
      }, AUTOSAVE_DELAY_MS);
      return Promise.resolve();
    },
    [completed, saveProgress],
  );

  /** Uploads a take (purpose task-recording) and saves it under its report key; rejects so the recorder offers Retry. */
  const saveRecording = useCallback(
    (key: string) => async (take: AudioTake) => {
      let fileUrl = uploaded.current.get(take.blob);
      if (!fileUrl) {
        const type = take.blob.type || 'audio/webm';
        const file = new File([take.blob], `recording.${EXTENSION_OF_TYPE[type] ?? 'webm'}`, { type });
        fileUrl = await uploadFile('enterprise', 'task-recording', file);
        uploaded.current.set(take.blob, fileUrl);
      }
      const recording = {
        fileUrl,
        durationMs: Math.min(Math.round(take.durationMs), 3_600_000),
        recordedAt: take.recordedAt,
      };
      await update(
        (current) => ({ ...current, recordings: { ...current.recordings, [key]: recording } }),
        'now',
      );
    },
    [update],
  );

  /**
   * The completion call (spec §8): the server's message as a toast (a success, or news when a scored try did not
   * pass or is still being heard); its 422 names what is missing.
   */
  const submit = useCallback(async () => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    setSubmitting(true);
    setProblem(null);
    // A progress save still on its way must not land after the completion.
    await queue.current;
    try {
      const { message, response } = await api.callWithMessage(tasks.updateMyTask, {
        userId,
        taskId: task._id,
        progress: 100,
        taskStatus: TASK_STATUS.completed,
        report: reportToSend(task, latest.current),
      });
      // A scored try is a success once it passed; below its passing score, or still being heard, it is submitted.
      if (isScoredTaskType(task.type) && response.pronunciation?.passed !== true) notify.info(message);
      else notify.success(message);
      answered();
      setAssignment(response);
      if (response.report) {
        latest.current = response.report;
        setReport(response.report);
      }
      setSaveState({ kind: 'idle' });
    } catch (error) {
      // A 401 has already shown the server's message and logged the session out (api.ts, spec §8).
      if (error instanceof ApiError && error.status === 401) return;
      setProblem({ message: messageOf(error), field: error instanceof ApiError ? error.field : undefined });
    } finally {
      setSubmitting(false);
    }
  }, [task, userId, answered]);

  // The analyses of the saved recordings arrive in the background: ask again while one is pending.
  const analyses = assignment.analyses ?? {};
  const shownAnalyses = Object.keys(report.recordings ?? {}).map((key) => analyses[key]);
  const analysisStalled = useAnalysisPoll({
    active: anyPending(shownAnalyses),
    restart: saves,
    poll: async () => {
      const sentAfter = savesRef.current;
      const fresh = await api.call(tasks.getMyTask, { taskId: task._id });
      if (savesRef.current !== sentAfter) return;
      // The Pronunciation score follows the last item's analysis, and the interviewer's reply an answer's.
      setAssignment((current) => ({
        ...current,
        analyses: fresh.assignment.analyses ?? {},
        pronunciation: fresh.assignment.pronunciation,
        interview: fresh.assignment.interview ?? [],
        // With the score come the tries and whether another may open.
        counting: fresh.assignment.counting,
        attempts: fresh.assignment.attempts,
        retry: fresh.assignment.retry,
      }));
    },
  });

  return {
    analyses,
    analysisStalled,
    assignment,
    report,
    completed,
    saveState,
    submitting,
    problem,
    update,
    saveProgress,
    saveRecording,
    submit,
  };
};
