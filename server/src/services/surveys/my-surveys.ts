import { choiceProblem } from '@coach/shared/contract/choice-rules';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  MY_SURVEYS_MAX,
  type MySurvey,
  type MySurveyRow,
  type SurveyAnswers,
  type surveys,
} from '@coach/shared/contract/surveys';
import type { ChoiceAnswer } from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { answeredAt, parseAnswers, questionsOf, statusOf } from './internal/survey-rows.ts';

// The member's own surveys (login only): the ones they have today or have answered, and their answers.

/** The surveys the member has today: assigned directly or through a group they are in. */
const assignedSurveyIds = async (db: Db, userId: string) =>
  new Set(
    (
      await db
        .selectFrom('survey_member_assignments')
        .select('survey_id')
        .where('user_id', '=', userId)
        .union(
          db
            .selectFrom('survey_group_assignments as sga')
            .innerJoin('group_members as gm', 'gm.group_id', 'sga.group_id')
            .select('sga.survey_id')
            .where('gm.user_id', '=', userId),
        )
        .execute()
    ).map((row) => row.survey_id),
  );

/** Published surveys the member has or has answered; drafts and other tenants' surveys are never theirs. */
const mine = (db: Db, enterpriseId: string, userId: string) =>
  db
    .selectFrom('surveys as s')
    .leftJoin('survey_responses as r', (join) =>
      join.onRef('r.survey_id', '=', 's.id').on('r.user_id', '=', userId),
    )
    .where('s.enterprise_id', '=', enterpriseId)
    .where('s.status', '!=', 'Draft')
    .where((eb) =>
      eb.or([
        eb(
          's.id',
          'in',
          eb.selectFrom('survey_member_assignments').select('survey_id').where('user_id', '=', userId),
        ),
        eb(
          's.id',
          'in',
          eb
            .selectFrom('survey_group_assignments as sga')
            .innerJoin('group_members as gm', 'gm.group_id', 'sga.group_id')
            .select('sga.survey_id')
            .where('gm.user_id', '=', userId),
        ),
        eb('r.id', 'is not', null),
      ]),
    );

export const mySurveys = async (ctx: ServiceContext): Promise<MySurveyRow[]> => {
  const s = enterpriseSession(ctx);
  const rows = await mine(ctx.db, s.enterpriseId, s.user.id)
    .select([
      's.id',
      's.title',
      's.questions',
      's.status',
      's.due_at',
      's.published_at',
      'r.submitted_at',
      'r.updated_at',
    ])
    .orderBy('s.published_at', 'desc')
    .orderBy('s.id')
    .limit(MY_SURVEYS_MAX)
    .execute();
  const at = nowIso();
  const assigned = await assignedSurveyIds(ctx.db, s.user.id);
  const list = rows.map((row) => {
    const status = statusOf(row, at);
    return {
      surveyId: row.id,
      title: row.title,
      status: status === 'Draft' ? 'Active' : status,
      questionCount: questionsOf(row).length,
      dueAt: row.due_at,
      open: status === 'Active' && assigned.has(row.id),
      submittedAt: row.submitted_at,
      updatedAt: row.updated_at,
    } satisfies MySurveyRow;
  });
  // Open surveys first, the nearest due date first (none last); then closed ones, newest first as fetched.
  const open = list
    .filter((row) => row.open)
    .sort((a, b) => (a.dueAt ?? '9999').localeCompare(b.dueAt ?? '9999'));
  return [...open, ...list.filter((row) => !row.open)];
};

const loadMySurvey = async (ctx: ServiceContext, surveyId: string) => {
  const s = enterpriseSession(ctx);
  const row = await mine(ctx.db, s.enterpriseId, s.user.id)
    .where('s.id', '=', surveyId)
    .select([
      's.id',
      's.title',
      's.description',
      's.questions',
      's.status',
      's.due_at',
      'r.answers',
      'r.submitted_at',
      'r.updated_at',
    ])
    .executeTakeFirst();
  if (!row) throw notFound('Survey not found');
  const status = statusOf(row);
  const assigned = (await assignedSurveyIds(ctx.db, s.user.id)).has(row.id);
  const mySurvey: MySurvey = {
    survey: {
      _id: row.id,
      title: row.title,
      description: row.description,
      status: status === 'Draft' ? 'Active' : status,
      questions: questionsOf(row),
      dueAt: row.due_at,
      open: status === 'Active' && assigned,
      assigned,
    },
    response:
      row.answers && row.submitted_at && row.updated_at
        ? { answers: parseAnswers(row.answers), submittedAt: row.submitted_at, updatedAt: row.updated_at }
        : null,
  };
  return mySurvey;
};

export const getMySurvey = (ctx: ServiceContext, { surveyId }: ParsedRequestOf<typeof surveys.getMySurvey>) =>
  loadMySurvey(ctx, surveyId);

/**
 * The member's answers, checked by the same rules as the screen (shared choice rules): every required question
 * answered, options only from the question, one answer unless several are allowed, "Other" only where offered and
 * then with its text. One submission per member; submitting again changes it while the survey is open.
 */
export const submitSurvey = async (
  ctx: ServiceContext,
  { surveyId, answers }: ParsedRequestOf<typeof surveys.submit>,
) => {
  const s = enterpriseSession(ctx);
  const current = await loadMySurvey(ctx, surveyId);
  if (current.survey.status === 'Closed')
    throw conflict('This survey is closed: answers can no longer be given or changed');
  if (!current.survey.assigned)
    throw conflict('This survey is no longer assigned to you, so your answers cannot change');
  const questions = current.survey.questions;
  const known = new Set(questions.map((q) => q.id));
  const stray = Object.keys(answers).find((key) => !known.has(key));
  if (stray !== undefined) throw validation(`answers.${stray}`, 'Not a question of this survey');
  const stored: SurveyAnswers = {};
  for (const question of questions) {
    const given = answers[question.id];
    const answer: ChoiceAnswer | undefined = given
      ? { values: [...new Set(given.values)], ...(given.other !== undefined ? { other: given.other } : {}) }
      : undefined;
    const problem = choiceProblem(question, answer);
    if (problem) throw validation(`answers.${question.id}`, `${problem} (${question.text})`);
    if (answer && answeredAt(answer)) {
      const other = answer.other?.trim();
      stored[question.id] = { values: answer.values, ...(other ? { other } : {}) };
    }
  }
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('survey_responses')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: s.enterpriseId,
        survey_id: surveyId,
        user_id: s.user.id,
        answers: JSON.stringify(stored),
        submitted_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['survey_id', 'user_id']).doUpdateSet({ answers: JSON.stringify(stored), updated_at: at }),
      )
      .execute();
    await emitEvent(trx, {
      enterpriseId: s.enterpriseId,
      type: 'survey.submitted',
      memberId: s.user.id,
      data: { surveyId, updated: Boolean(current.response) },
    });
  });
  ctx.setMessage(current.response ? 'Your answers are updated' : 'Thank you: your answers are saved');
  return loadMySurvey(ctx, surveyId);
};
