import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { SURVEY_PAGE_SIZE, type Survey, type surveys } from '@coach/shared/contract/surveys';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { conflict, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { dueAfter, nowIso } from '../common/clock.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';
import {
  closedAtOf,
  findSurvey,
  questionsOf,
  SURVEY_COLUMNS,
  statusOf,
  storedQuestions,
  surveyById,
  surveyCounts,
  toSummary,
} from './internal/survey-rows.ts';

// Writing surveys and moving them through Draft, Active and Closed (permission `surveys`).

export const listSurveys = async (ctx: ServiceContext, input: ParsedRequestOf<typeof surveys.list>) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const at = nowIso();
  let query = ctx.db.selectFrom('surveys').where('enterprise_id', '=', enterpriseId);
  if (input.searchQuery)
    query = query.where(sql<boolean>`lower(title) like ${containsPattern(input.searchQuery)} escape '\\'`);
  // The status filter reads the status as the list shows it: an Active survey past its due date is Closed.
  if (input.status === 'Draft') query = query.where('status', '=', 'Draft');
  if (input.status === 'Active')
    query = query
      .where('status', '=', 'Active')
      .where((eb) => eb.or([eb('due_at', 'is', null), eb('due_at', '>', at)]));
  if (input.status === 'Closed')
    query = query.where((eb) =>
      eb.or([eb('status', '=', 'Closed'), eb.and([eb('status', '=', 'Active'), eb('due_at', '<=', at)])]),
    );
  const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await query
    .select(SURVEY_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(SURVEY_PAGE_SIZE)
    .offset((input.currentPage - 1) * SURVEY_PAGE_SIZE)
    .execute();
  const counts = await surveyCounts(
    ctx.db,
    enterpriseId,
    rows.map((row) => row.id),
  );
  return pageOf(
    rows.map((row) => toSummary(row, counts)),
    { currentPage: input.currentPage, pageSize: SURVEY_PAGE_SIZE, total },
  );
};

export const getSurvey = (ctx: ServiceContext, { surveyId }: ParsedRequestOf<typeof surveys.get>) =>
  surveyById(ctx, surveyId);

export const addSurvey = async (ctx: ServiceContext, input: ParsedRequestOf<typeof surveys.add>) => {
  const s = enterpriseSession(ctx);
  const id = crypto.randomUUID();
  const at = nowIso();
  await ctx.db
    .insertInto('surveys')
    .values({
      id,
      enterprise_id: s.enterpriseId,
      title: input.title,
      description: input.description || null,
      questions: storedQuestions(input.questions),
      status: 'Draft',
      expiry_seconds: input.expirySeconds,
      due_at: null,
      published_at: null,
      closed_at: null,
      created_by: s.user.id,
      created_at: at,
      updated_at: at,
    })
    .execute();
  ctx.setMessage('Survey saved as a draft');
  return surveyById(ctx, id);
};

const hasResponses = async (db: Db, surveyId: string) =>
  Boolean(
    await db.selectFrom('survey_responses').select('id').where('survey_id', '=', surveyId).executeTakeFirst(),
  );

/**
 * A draft changes freely. An Active survey keeps its questions once anybody has answered (their answers are to
 * those questions); its title, description and due date may still change. A closed survey stays as it was.
 */
export const editSurvey = async (ctx: ServiceContext, input: ParsedRequestOf<typeof surveys.edit>) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findSurvey(ctx.db, enterpriseId, input.surveyId);
  const status = statusOf(row);
  if (status === 'Closed') throw conflict('A closed survey cannot be changed');
  const questions = storedQuestions(input.questions);
  if (status === 'Active') {
    if (questions !== row.questions && (await hasResponses(ctx.db, row.id)))
      throw conflict(
        'Members have answered this survey, so its questions can no longer change. Close it and create a new survey to ask something else.',
      );
    if (input.questions.length === 0)
      throw validation('questions', 'An active survey needs at least one question');
  }
  let dueAt: string | null = null;
  if (status === 'Active' && row.published_at && input.expirySeconds !== null) {
    dueAt = dueAfter(row.published_at, input.expirySeconds);
    if (dueAt <= nowIso())
      throw validation(
        'expirySeconds',
        'That due date has already passed: choose a longer one, or close the survey',
      );
  }
  await ctx.db
    .updateTable('surveys')
    .set({
      title: input.title,
      description: input.description || null,
      questions,
      expiry_seconds: input.expirySeconds,
      due_at: dueAt,
      updated_at: nowIso(),
    })
    .where('id', '=', row.id)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Survey updated');
  return surveyById(ctx, row.id);
};

/** What publishing did, true also when nobody has the survey yet (publishing first and assigning later is allowed). */
const publishedMessage = ({ groups, members, assignedCount, invitedCount }: Survey) => {
  if (groups.length === 0 && members.length === 0)
    return 'Survey published, but it is not assigned to anyone yet: assign it to groups or members so they can answer it';
  if (assignedCount === 0 && invitedCount > 0)
    return 'Survey published: the people it is assigned to can answer it once they accept their invitation';
  if (assignedCount === 0)
    return 'Survey published, but its groups have no members yet: members who join them can answer it';
  return 'Survey published: the members it is assigned to can answer it now';
};

/** Draft to Active: the members it is assigned to see it from now, and its due date counts from now. */
export const publishSurvey = async (
  ctx: ServiceContext,
  { surveyId }: ParsedRequestOf<typeof surveys.publish>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findSurvey(ctx.db, enterpriseId, surveyId);
  if (row.status !== 'Draft')
    throw conflict(
      statusOf(row) === 'Closed'
        ? 'A closed survey cannot be published again'
        : 'The survey is already published',
    );
  if (questionsOf(row).length === 0)
    throw validation('questions', 'Add at least one question before publishing');
  const at = nowIso();
  await ctx.db
    .updateTable('surveys')
    .set({
      status: 'Active',
      published_at: at,
      due_at: row.expiry_seconds === null ? null : dueAfter(at, Number(row.expiry_seconds)),
      updated_at: at,
    })
    .where('id', '=', row.id)
    .where('enterprise_id', '=', enterpriseId)
    .where('status', '=', 'Draft')
    .execute();
  const survey = await surveyById(ctx, row.id);
  ctx.setMessage(publishedMessage(survey));
  return survey;
};

/** Active to Closed: nobody may answer or change answers any more; the results stay. */
export const closeSurvey = async (
  ctx: ServiceContext,
  { surveyId }: ParsedRequestOf<typeof surveys.close>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findSurvey(ctx.db, enterpriseId, surveyId);
  if (row.status === 'Draft')
    throw conflict('A draft has not been published, so it cannot be closed; delete it instead');
  if (row.status === 'Closed') throw conflict('The survey is already closed');
  const at = nowIso();
  await ctx.db
    .updateTable('surveys')
    // Past its due date it closed then; closing it now records that date rather than today's.
    .set({ status: 'Closed', closed_at: closedAtOf(row) ?? at, updated_at: at })
    .where('id', '=', row.id)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Survey closed');
  return surveyById(ctx, row.id);
};

export const deleteSurvey = async (
  ctx: ServiceContext,
  { surveyId }: ParsedRequestOf<typeof surveys.remove>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await findSurvey(ctx.db, enterpriseId, surveyId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('survey_responses').where('survey_id', '=', surveyId).execute();
    await trx.deleteFrom('survey_group_assignments').where('survey_id', '=', surveyId).execute();
    await trx.deleteFrom('survey_member_assignments').where('survey_id', '=', surveyId).execute();
    await trx
      .deleteFrom('surveys')
      .where('id', '=', surveyId)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
  });
  ctx.setMessage('Survey deleted');
  return { _id: surveyId };
};
