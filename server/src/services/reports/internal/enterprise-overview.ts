import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_TYPE_VALUES, TASK_TYPES, type TaskType } from '@coach/shared/constants/task-types';
import {
  type EnterpriseReport,
  REPORT_MAX_SURVEYS,
  type SpeechMeans,
  type SurveyResponseRate,
  type TaskTypeScores,
} from '@coach/shared/contract/reports';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import {
  isScoredTaskType,
  type PronunciationResult,
  type QuestionTemplate,
  type TaskReport,
} from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import { joinedAt } from '../../common/joined.ts';
import type { ServiceContext } from '../../context.ts';
import { audienceOf } from '../../surveys/audience-query.ts';
import { parseCounting } from '../../tasks/task-attempts.ts';
import {
  completedInRange,
  count,
  dayOfTs,
  inGroup,
  mean,
  overdueBefore,
  type Scope,
  tenth,
  whole,
} from './report-sql.ts';

// The figures of an enterprise's report over a scope: the counts, the days, the scores per task type and the
// surveys' response rates (the report's page and its CSV tables read them alike).

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
const scoresOf = async (ctx: ServiceContext, scope: Scope) => {
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

/**
 * Response rates of the surveys open in the range, as the surveys' results count them: the members who have a
 * survey today (assigned directly or through a group, active) within the group filter, and which of them answered.
 */
const surveyRates = async (
  ctx: ServiceContext,
  { enterpriseId, groupId, range }: Scope,
  now = new Date(),
): Promise<SurveyResponseRate[]> => {
  const surveys = await ctx.db
    .selectFrom('surveys')
    .select(['id', 'title', 'status', 'due_at'])
    .where('enterprise_id', '=', enterpriseId)
    .where('published_at', 'is not', null)
    .where('published_at', '<', range.toTs)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('closed_at', 'is', null),
          eb.or([eb('due_at', 'is', null), eb('due_at', '>=', range.fromTs)]),
        ]),
        eb('closed_at', '>=', range.fromTs),
      ]),
    )
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(REPORT_MAX_SURVEYS)
    .execute();
  if (surveys.length === 0) return [];
  const ids = surveys.map((row) => row.id);
  const counts = await ctx.db
    .selectFrom(audienceOf(ctx.db, ids).as('a'))
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('survey_responses as r', (join) =>
      join.onRef('r.survey_id', '=', 'a.survey_id').onRef('r.user_id', '=', 'a.user_id'),
    )
    .where('u.enterprise_id', '=', enterpriseId)
    .where('u.status', '=', 'active')
    .where(inGroup('a.user_id', groupId))
    .groupBy('a.survey_id')
    .select((eb) => ['a.survey_id', eb.fn.countAll().as('assigned'), eb.fn.count('r.id').as('responded')])
    .execute();
  const bySurvey = new Map(counts.map((row) => [row.survey_id, row]));
  const nowTs = now.toISOString();
  return surveys.map((row) => {
    const assigned = count(bySurvey.get(row.id)?.assigned);
    const responded = count(bySurvey.get(row.id)?.responded);
    const open = row.status === 'Active' && (row.due_at === null || row.due_at > nowTs);
    return {
      _id: row.id,
      title: row.title,
      status: open ? 'Active' : 'Closed',
      assigned,
      responded,
      rate: assigned === 0 ? null : Math.round((responded / assigned) * 100),
    };
  });
};

export const overviewOf = async (ctx: ServiceContext, scope: Scope): Promise<EnterpriseReport> => {
  const { enterpriseId, groupId, range } = scope;
  const dueBefore = overdueBefore(range);
  const activity = ctx.db
    .selectFrom('activity_days as ad')
    .where('ad.enterprise_id', '=', enterpriseId)
    .where('ad.day', '>=', range.from)
    .where('ad.day', '<=', range.to)
    .where(inGroup('ad.user_id', groupId));
  const videos = ctx.db
    .selectFrom('content_actions as ca')
    .where('ca.enterprise_id', '=', enterpriseId)
    .where('ca.action', '=', 'viewed')
    .where('ca.created_at', '>=', range.fromTs)
    .where('ca.created_at', '<', range.toTs)
    .where(inGroup('ca.user_id', groupId));
  const inRange = (column: string, before = range.toTs) =>
    sql<boolean>`${sql.ref(column)} >= ${range.fromTs} and ${sql.ref(column)} < ${before}`;
  const [members, active, byType, activeByDay, tasksByDay, videosByDay, watched, scores, surveys] =
    await Promise.all([
      // "Active of N members": the members who had joined by the range's end (a past month is not measured
      // against people who joined later, nor anyone against invitees who have not accepted), as the members table
      // lists them (member-rows.ts).
      ctx.db
        .selectFrom('users')
        .where('users.enterprise_id', '=', enterpriseId)
        .where(joinedAt(), '<', range.toTs)
        .where(inGroup('users.id', groupId))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
      activity.select((eb) => eb.fn.count('ad.user_id').distinct().as('n')).executeTakeFirst(),
      // The members' work only: an invitee's assignments wait for them, and they are in neither the member count
      // nor the members table (a course's buyers who never set a password made "12 assigned" beside a table of 0).
      ctx.db
        .selectFrom('task_assignments as ta')
        .innerJoin('tasks as t', 't.id', 'ta.task_id')
        .innerJoin('users as u', 'u.id', 'ta.user_id')
        .where('ta.enterprise_id', '=', enterpriseId)
        .where(inGroup('ta.user_id', groupId))
        .where(joinedAt('u'), '<', range.toTs)
        .where((eb) =>
          eb.or([
            eb.and([eb('ta.assigned_at', '>=', range.fromTs), eb('ta.assigned_at', '<', range.toTs)]),
            eb.and([eb('ta.completed_at', '>=', range.fromTs), eb('ta.completed_at', '<', range.toTs)]),
            eb.and([eb('ta.due_at', '>=', range.fromTs), eb('ta.due_at', '<', dueBefore)]),
          ]),
        )
        .select([
          't.type as type',
          sql<number>`sum(case when ${inRange('ta.assigned_at')} then 1 else 0 end)`.as('assigned'),
          sql<number>`sum(case when ta.status = ${TASK_STATUS.completed} and ${inRange('ta.completed_at')} then 1 else 0 end)`.as(
            'completed',
          ),
          sql<number>`sum(case when ta.status <> ${TASK_STATUS.completed} and ${inRange('ta.due_at', dueBefore)} then 1 else 0 end)`.as(
            'overdue',
          ),
        ])
        .groupBy('t.type')
        .execute(),
      activity
        .select(['ad.day as day', (eb) => eb.fn.countAll().as('n')])
        .groupBy('ad.day')
        .execute(),
      completedInRange(ctx, scope)
        .select([dayOfTs('ta.completed_at').as('day'), (eb) => eb.fn.countAll().as('n')])
        .groupBy(dayOfTs('ta.completed_at'))
        .execute(),
      videos
        .select([dayOfTs('ca.created_at').as('day'), (eb) => eb.fn.countAll().as('n')])
        .groupBy(dayOfTs('ca.created_at'))
        .execute(),
      videos.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      scoresOf(ctx, scope),
      surveyRates(ctx, scope),
    ]);
  const types = new Map(byType.map((row) => [Number(row.type), row]));
  const tasksByType = TASK_TYPE_VALUES.map((type) => {
    const row = types.get(type);
    return {
      type,
      assigned: count(row?.assigned),
      completed: count(row?.completed),
      overdue: count(row?.overdue),
    };
  });
  const perDay = (rows: { day: string; n: unknown }[]) => new Map(rows.map((r) => [r.day, count(r.n)]));
  const [a, t, v] = [perDay(activeByDay), perDay(tasksByDay), perDay(videosByDay)];
  const sum = (key: 'assigned' | 'completed' | 'overdue') => tasksByType.reduce((n, row) => n + row[key], 0);
  return {
    from: range.from,
    to: range.to,
    members: count(members?.n),
    activeMembers: count(active?.n),
    tasksAssigned: sum('assigned'),
    tasksCompleted: sum('completed'),
    tasksOverdue: sum('overdue'),
    videosWatched: count(watched?.n),
    speech: scores.speech,
    tasksByType,
    scoresByType: scores.byType,
    surveys,
    days: range.days.map((day) => ({
      day,
      activeMembers: a.get(day) ?? 0,
      tasksCompleted: t.get(day) ?? 0,
      videosWatched: v.get(day) ?? 0,
    })),
  };
};
