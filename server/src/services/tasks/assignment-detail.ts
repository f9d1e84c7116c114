import { isScoredTaskType } from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import { analysesOf } from '../speech/analysis-rows.ts';
import { pronunciationSettingsForUser } from '../speech/pronunciation.ts';
import { choiceResultOf } from './choice-marks.ts';
import { interviewMessagesOf } from './interview.ts';
import { type AssignmentRow, splitReport, toAssignment } from './task-assignment-rows.ts';
import { attemptStateOf } from './task-attempts.ts';
import { loadTask, toTasks } from './task-rows.ts';

/**
 * An attempt as the calls answer it: the row with the speech analysis of each of its recordings and, for an
 * interview, its conversation; for a scored task, every try and whether another may open; for a Multiple Choice
 * task once submitted, its marks (choice-marks.ts).
 */
export const loadAssignment = async (db: Db, row: AssignmentRow & { enterprise_id: string }) => {
  const analyses = (await analysesOf(db, [row.id])).get(row.id) ?? {};
  const [task] = await toTasks(db, [await loadTask(db, row.enterprise_id, row.task_id)]);
  const { report } = splitReport(row.report);
  const interview = task
    ? await interviewMessagesOf(db, {
        assignmentId: row.id,
        task,
        report,
        analyses,
        feedback: { text: row.feedback, at: row.feedback_at },
        at: row.started_at ?? row.assigned_at,
      })
    : [];
  const rule =
    task && isScoredTaskType(task.type)
      ? (await pronunciationSettingsForUser(db, row.enterprise_id, row.user_id)).attemptCounts
      : 'best';
  return {
    ...toAssignment(row, analyses, interview, await attemptStateOf(db, row, task, rule)),
    choiceResult: choiceResultOf(task, row.status, report),
  };
};
