import type {
  Survey,
  SurveyAnswers,
  SurveyQuestion,
  SurveyStatus,
  SurveySummary,
} from '@coach/shared/contract/surveys';
import type { ChoiceAnswer } from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.ts';
import type { Database } from '../../../db/schema.ts';
import { notFound } from '../../../errors.ts';
import { enterpriseSession } from '../../../session/session.ts';
import { nowIso } from '../../common/clock.ts';
import { hasJoined, invitePending } from '../../common/joined.ts';
import type { ServiceContext } from '../../context.ts';
import { audienceOf } from '../audience-query.ts';

// Surveys: written and assigned by people with the `surveys` key, answered by the members who have them (who has
// one is worked out when asked: audience-query.ts). The surveys area's shared pieces: the stored row and its
// status, the counts per survey, and the survey as the authors' screens show it.

export const SURVEY_COLUMNS = [
  'id',
  'title',
  'description',
  'questions',
  'status',
  'expiry_seconds',
  'due_at',
  'published_at',
  'closed_at',
  'created_at',
  'updated_at',
] as const;

export type SurveyRow = Pick<Database['surveys'], (typeof SURVEY_COLUMNS)[number]>;

export const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 100);
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Active past its due date reads as Closed (closed at the due date): nobody may answer any more. */
export const statusOf = (row: Pick<SurveyRow, 'status' | 'due_at'>, at = nowIso()): SurveyStatus => {
  if (row.status === 'Active' && row.due_at !== null && row.due_at <= at) return 'Closed';
  if (row.status === 'Draft' || row.status === 'Active') return row.status;
  return 'Closed';
};
export const closedAtOf = (row: SurveyRow) =>
  row.closed_at ?? (statusOf(row) === 'Closed' ? row.due_at : null);

export const questionsOf = (row: Pick<SurveyRow, 'questions'>): SurveyQuestion[] => JSON.parse(row.questions);

/** One stored shape per question (fixed key order, no expected answer), so two saves compare as text. */
export const storedQuestions = (questions: SurveyQuestion[]) =>
  JSON.stringify(
    questions.map((q) => ({
      id: q.id,
      type: q.type,
      text: q.text,
      options: q.options.map((o) => ({ text: o.text, value: o.value })),
      hasOther: q.hasOther,
      ...(q.hasOther && q.otherText ? { otherText: q.otherText } : {}),
      multipleSelection: q.multipleSelection,
      required: q.required,
    })),
  );

export const findSurvey = async (db: Db, enterpriseId: string, surveyId: string): Promise<SurveyRow> => {
  const row = await db
    .selectFrom('surveys')
    .select(SURVEY_COLUMNS)
    .where('id', '=', surveyId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  // Another enterprise's survey is indistinguishable from a missing one.
  if (!row) throw notFound('Survey not found');
  return row;
};

const countsBySurvey = (rows: { survey_id: string; n: number | string | bigint }[]) =>
  new Map(rows.map((row) => [row.survey_id, Number(row.n)]));

/** Audience, responses and groups per survey, for the summaries of a page (empty list: nothing asked). */
export const surveyCounts = async (db: Db, enterpriseId: string, surveyIds: string[]) => {
  if (surveyIds.length === 0)
    return { audience: new Map(), invited: new Map(), responses: new Map(), groups: new Map() };
  // Invited is not joined: an invitee has the survey once they accept, counted apart until then.
  const audience = await db
    .selectFrom(audienceOf(db, surveyIds).as('a'))
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('u.enterprise_id', '=', enterpriseId)
    .where('u.status', '=', 'active')
    .groupBy('a.survey_id')
    .select([
      'a.survey_id',
      sql<number>`count(case when ${hasJoined('u')} then 1 end)`.as('n'),
      sql<number>`count(case when ${invitePending('u')} then 1 end)`.as('invited'),
    ])
    .execute();
  const responses = await db
    .selectFrom('survey_responses')
    .where('survey_id', 'in', surveyIds)
    .groupBy('survey_id')
    .select((eb) => ['survey_id', eb.fn.countAll().as('n')])
    .execute();
  const groups = await db
    .selectFrom('survey_group_assignments')
    .where('survey_id', 'in', surveyIds)
    .groupBy('survey_id')
    .select((eb) => ['survey_id', eb.fn.countAll().as('n')])
    .execute();
  return {
    audience: countsBySurvey(audience),
    invited: countsBySurvey(audience.map((row) => ({ survey_id: row.survey_id, n: row.invited }))),
    responses: countsBySurvey(responses),
    groups: countsBySurvey(groups),
  };
};

export const toSummary = (
  row: SurveyRow,
  counts: Awaited<ReturnType<typeof surveyCounts>>,
): SurveySummary => ({
  _id: row.id,
  title: row.title,
  status: statusOf(row),
  questionCount: questionsOf(row).length,
  assignedCount: counts.audience.get(row.id) ?? 0,
  invitedCount: counts.invited.get(row.id) ?? 0,
  responseCount: counts.responses.get(row.id) ?? 0,
  groupCount: counts.groups.get(row.id) ?? 0,
  expirySeconds: row.expiry_seconds === null ? null : Number(row.expiry_seconds),
  dueAt: row.due_at,
  publishedAt: row.published_at,
  closedAt: closedAtOf(row),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toSurvey = async (db: Db, enterpriseId: string, row: SurveyRow): Promise<Survey> => {
  const counts = await surveyCounts(db, enterpriseId, [row.id]);
  const groups = await db
    .selectFrom('survey_group_assignments as sga')
    .innerJoin('groups as g', 'g.id', 'sga.group_id')
    .leftJoin('group_members as gm', 'gm.group_id', 'g.id')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'gm.user_id').on('u.status', '=', 'active'))
    .where('sga.survey_id', '=', row.id)
    .groupBy(['g.id', 'g.name'])
    // Those who can answer it (active and joined), and the invitees apart, as the groups page counts them.
    .select([
      'g.id',
      'g.name',
      sql<number>`count(case when ${hasJoined('u')} then ${sql.ref('u.id')} end)`.as('member_count'),
      sql<number>`count(case when ${invitePending('u')} then ${sql.ref('u.id')} end)`.as('invited_count'),
    ])
    .orderBy(sql`lower(g.name)`)
    .execute();
  const members = await db
    .selectFrom('survey_member_assignments as sma')
    .innerJoin('users as u', 'u.id', 'sma.user_id')
    .where('sma.survey_id', '=', row.id)
    .select(['u.id', 'u.name', 'u.email'])
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .execute();
  return {
    ...toSummary(row, counts),
    description: row.description,
    questions: questionsOf(row),
    groups: groups.map((g) => ({
      _id: g.id,
      name: g.name,
      memberCount: Number(g.member_count),
      invitedCount: Number(g.invited_count),
    })),
    members: members.map((m) => ({ _id: m.id, name: m.name, email: m.email })),
  };
};

export const surveyById = async (ctx: ServiceContext, surveyId: string) => {
  const { enterpriseId } = enterpriseSession(ctx);
  return toSurvey(ctx.db, enterpriseId, await findSurvey(ctx.db, enterpriseId, surveyId));
};

export const parseAnswers = (text: string): SurveyAnswers => JSON.parse(text);

export const answeredAt = (answer: ChoiceAnswer | undefined) =>
  (answer?.values.length ?? 0) > 0 || Boolean(answer?.other?.trim());
