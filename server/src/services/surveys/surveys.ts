import { choiceProblem, otherLabel } from '@coach/shared/contract/choice-rules';
import {
  MY_SURVEYS_MAX,
  type MySurvey,
  type MySurveyRow,
  SURVEY_PAGE_SIZE,
  type Survey,
  type SurveyAnswers,
  type SurveyGroupRate,
  type SurveyQuestion,
  type SurveyQuestionResult,
  type SurveyResults,
  type SurveyStatus,
  type SurveySummary,
} from '@coach/shared/contract/surveys';
import type { ChoiceAnswer } from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { dueAfter, nowIso } from '../common/clock.ts';
import { csvText } from '../common/csv.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { assertGroupInEnterprise, assertMembersInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { emitEvent } from '../integrations/integration-events.ts';

// Surveys (issue 17): written and assigned by people with the `surveys` key, answered by the members who have
// them. Who has a survey is worked out when asked, never copied: the members assigned directly plus whoever is in
// an assigned group right now, so a member who joins a group later has its surveys at once, with no sync step.

type SurveyInput = {
  title: string;
  description?: string | undefined;
  questions: SurveyQuestion[];
  expirySeconds: number | null;
};

const SURVEY_COLUMNS = [
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

type SurveyRow = Pick<Database['surveys'], (typeof SURVEY_COLUMNS)[number]>;

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Active past its due date reads as Closed (closed at the due date): nobody may answer any more. */
const statusOf = (row: Pick<SurveyRow, 'status' | 'due_at'>, at = nowIso()): SurveyStatus => {
  if (row.status === 'Active' && row.due_at !== null && row.due_at <= at) return 'Closed';
  if (row.status === 'Draft' || row.status === 'Active') return row.status;
  return 'Closed';
};
const closedAtOf = (row: SurveyRow) => row.closed_at ?? (statusOf(row) === 'Closed' ? row.due_at : null);

const questionsOf = (row: Pick<SurveyRow, 'questions'>): SurveyQuestion[] => JSON.parse(row.questions);

/** One stored shape per question (fixed key order, no expected answer), so two saves compare as text. */
const storedQuestions = (questions: SurveyQuestion[]) =>
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

const findSurvey = async (db: Db, enterpriseId: string, surveyId: string): Promise<SurveyRow> => {
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

/** The members who have each survey: assigned directly or in an assigned group today (user_id, survey_id). */
const audienceOf = (db: Db, surveyIds: string[]) =>
  db
    .selectFrom('survey_member_assignments')
    .select(['survey_id', 'user_id'])
    .where('survey_id', 'in', surveyIds)
    .union(
      db
        .selectFrom('survey_group_assignments as sga')
        .innerJoin('group_members as gm', 'gm.group_id', 'sga.group_id')
        .select(['sga.survey_id', 'gm.user_id'])
        .where('sga.survey_id', 'in', surveyIds),
    );

const countsBySurvey = (rows: { survey_id: string; n: number | string | bigint }[]) =>
  new Map(rows.map((row) => [row.survey_id, Number(row.n)]));

/** Audience, responses and groups per survey, for the summaries of a page (empty list: nothing asked). */
const surveyCounts = async (db: Db, enterpriseId: string, surveyIds: string[]) => {
  if (surveyIds.length === 0) return { audience: new Map(), responses: new Map(), groups: new Map() };
  const audience = await db
    .selectFrom(audienceOf(db, surveyIds).as('a'))
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('u.enterprise_id', '=', enterpriseId)
    .where('u.status', '=', 'active')
    .groupBy('a.survey_id')
    .select((eb) => ['a.survey_id', eb.fn.countAll().as('n')])
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
    responses: countsBySurvey(responses),
    groups: countsBySurvey(groups),
  };
};

const toSummary = (row: SurveyRow, counts: Awaited<ReturnType<typeof surveyCounts>>): SurveySummary => ({
  _id: row.id,
  title: row.title,
  status: statusOf(row),
  questionCount: questionsOf(row).length,
  assignedCount: counts.audience.get(row.id) ?? 0,
  responseCount: counts.responses.get(row.id) ?? 0,
  groupCount: counts.groups.get(row.id) ?? 0,
  expirySeconds: row.expiry_seconds === null ? null : Number(row.expiry_seconds),
  dueAt: row.due_at,
  publishedAt: row.published_at,
  closedAt: closedAtOf(row),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toSurvey = async (db: Db, enterpriseId: string, row: SurveyRow): Promise<Survey> => {
  const counts = await surveyCounts(db, enterpriseId, [row.id]);
  const groups = await db
    .selectFrom('survey_group_assignments as sga')
    .innerJoin('groups as g', 'g.id', 'sga.group_id')
    .leftJoin('group_members as gm', 'gm.group_id', 'g.id')
    .where('sga.survey_id', '=', row.id)
    .groupBy(['g.id', 'g.name'])
    .select((eb) => ['g.id', 'g.name', eb.fn.count<number>('gm.user_id').as('member_count')])
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
    groups: groups.map((g) => ({ _id: g.id, name: g.name, memberCount: Number(g.member_count) })),
    members: members.map((m) => ({ _id: m.id, name: m.name, email: m.email })),
  };
};

const surveyById = async (ctx: ServiceContext, surveyId: string) => {
  const { enterpriseId } = enterpriseSession(ctx);
  return toSurvey(ctx.db, enterpriseId, await findSurvey(ctx.db, enterpriseId, surveyId));
};

// ---------------------------------------------------------------------------------------------
// Managing (permission `surveys`)
// ---------------------------------------------------------------------------------------------

export const listSurveys = async (
  ctx: ServiceContext,
  input: { searchQuery?: string | undefined; status?: SurveyStatus | undefined; currentPage: number },
) => {
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

export const getSurvey = (ctx: ServiceContext, { surveyId }: { surveyId: string }) =>
  surveyById(ctx, surveyId);

export const addSurvey = async (ctx: ServiceContext, input: SurveyInput) => {
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
export const editSurvey = async (ctx: ServiceContext, input: SurveyInput & { surveyId: string }) => {
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

/** Draft to Active: the members it is assigned to see it from now, and its due date counts from now. */
export const publishSurvey = async (ctx: ServiceContext, { surveyId }: { surveyId: string }) => {
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
  ctx.setMessage('Survey published: the members it is assigned to can answer it now');
  return surveyById(ctx, row.id);
};

/** Active to Closed: nobody may answer or change answers any more; the results stay. */
export const closeSurvey = async (ctx: ServiceContext, { surveyId }: { surveyId: string }) => {
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

export const deleteSurvey = async (ctx: ServiceContext, { surveyId }: { surveyId: string }) => {
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

type AudienceInput = { surveyId: string; groupIds: string[]; userIds: string[] };

/** Adds groups and members; a group's later joiners have the survey too, since the audience is read when asked. */
export const assignSurvey = async (ctx: ServiceContext, input: AudienceInput) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findSurvey(ctx.db, enterpriseId, input.surveyId);
  if (statusOf(row) === 'Closed') throw conflict('A closed survey cannot be assigned');
  const groupIds = [...new Set(input.groupIds)];
  for (const groupId of groupIds) await assertGroupInEnterprise(ctx.db, enterpriseId, groupId);
  const userIds = await assertMembersInEnterprise(ctx.db, enterpriseId, input.userIds);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (groupIds.length)
      await trx
        .insertInto('survey_group_assignments')
        .values(
          groupIds.map((group_id) => ({
            survey_id: row.id,
            group_id,
            enterprise_id: enterpriseId,
            assigned_at: at,
          })),
        )
        .onConflict((oc) => oc.columns(['survey_id', 'group_id']).doNothing())
        .execute();
    for (let start = 0; start < userIds.length; start += 400)
      await trx
        .insertInto('survey_member_assignments')
        .values(
          userIds
            .slice(start, start + 400)
            .map((user_id) => ({ survey_id: row.id, user_id, enterprise_id: enterpriseId, assigned_at: at })),
        )
        .onConflict((oc) => oc.columns(['survey_id', 'user_id']).doNothing())
        .execute();
  });
  const parts = [
    groupIds.length ? plural(groupIds.length, 'group') : '',
    userIds.length ? plural(userIds.length, 'member') : '',
  ].filter(Boolean);
  ctx.setMessage(`Assigned to ${parts.join(' and ')}`);
  return surveyById(ctx, row.id);
};

/** Takes groups and members out of the audience; answers they gave stay in the results. */
export const unassignSurvey = async (ctx: ServiceContext, input: AudienceInput) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findSurvey(ctx.db, enterpriseId, input.surveyId);
  await ctx.db.transaction().execute(async (trx) => {
    if (input.groupIds.length)
      await trx
        .deleteFrom('survey_group_assignments')
        .where('survey_id', '=', row.id)
        .where('group_id', 'in', input.groupIds)
        .execute();
    if (input.userIds.length)
      await trx
        .deleteFrom('survey_member_assignments')
        .where('survey_id', '=', row.id)
        .where('user_id', 'in', input.userIds)
        .execute();
  });
  ctx.setMessage('Removed from the survey');
  return surveyById(ctx, row.id);
};

// ---------------------------------------------------------------------------------------------
// Results (permission `surveys`), narrowed to one group's members by the top-bar filter
// ---------------------------------------------------------------------------------------------

type ResponseRow = {
  user_id: string;
  name: string;
  email: string;
  answers: string;
  submitted_at: string;
  updated_at: string;
};

const loadResults = async (
  ctx: ServiceContext,
  { surveyId, groupId }: { surveyId: string; groupId?: string | undefined },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findSurvey(ctx.db, enterpriseId, surveyId);
  let group: { _id: string; name: string } | null = null;
  if (groupId) {
    await assertGroupInEnterprise(ctx.db, enterpriseId, groupId);
    const found = await ctx.db
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('id', '=', groupId)
      .executeTakeFirst();
    group = found ? { _id: found.id, name: found.name } : null;
  }
  const inGroup = (id: string) =>
    ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', id);
  let responses = ctx.db
    .selectFrom('survey_responses as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'u.name', 'u.email', 'r.answers', 'r.submitted_at', 'r.updated_at'])
    .where('r.survey_id', '=', row.id)
    .where('r.enterprise_id', '=', enterpriseId);
  if (group) responses = responses.where('r.user_id', 'in', inGroup(group._id));
  const responseRows: ResponseRow[] = await responses.orderBy(sql`lower(u.name)`).orderBy('u.id').execute();

  let audience = ctx.db
    .selectFrom(audienceOf(ctx.db, [row.id]).as('a'))
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('u.enterprise_id', '=', enterpriseId)
    .where('u.status', '=', 'active')
    .select('a.user_id');
  if (group) audience = audience.where('a.user_id', 'in', inGroup(group._id));
  const audienceIds = new Set((await audience.execute()).map((r) => r.user_id));
  return { enterpriseId, row, group, responseRows, audienceIds };
};

const parseAnswers = (text: string): SurveyAnswers => JSON.parse(text);

const answeredAt = (answer: ChoiceAnswer | undefined) =>
  (answer?.values.length ?? 0) > 0 || Boolean(answer?.other?.trim());

const questionResult = (
  question: SurveyQuestion,
  responses: { name: string; answers: SurveyAnswers }[],
): SurveyQuestionResult => {
  const given = responses.filter((r) => answeredAt(r.answers[question.id]));
  const answered = given.length;
  const options = question.options.map((option) => {
    const count = given.filter((r) => r.answers[question.id]?.values.includes(option.value)).length;
    return { value: option.value, text: option.text, count, percent: percentOf(count, answered) };
  });
  let other: SurveyQuestionResult['other'] = null;
  if (question.hasOther) {
    const answers = given.flatMap((r) => {
      const text = r.answers[question.id]?.other?.trim();
      return text ? [{ name: r.name, text }] : [];
    });
    other = {
      label: otherLabel(question),
      count: answers.length,
      percent: percentOf(answers.length, answered),
      answers,
    };
  }
  return {
    id: question.id,
    text: question.text,
    multipleSelection: question.multipleSelection,
    required: question.required,
    answered,
    options,
    other,
  };
};

/** Response rate per assigned group (or the filter's group only): its active members today and who answered. */
const groupRates = async (
  db: Db,
  enterpriseId: string,
  surveyId: string,
  group: { _id: string } | null,
): Promise<SurveyGroupRate[]> => {
  let groups = db
    .selectFrom('groups as g')
    .select(['g.id', 'g.name'])
    .where('g.enterprise_id', '=', enterpriseId);
  groups = group
    ? groups.where('g.id', '=', group._id)
    : groups.where(
        'g.id',
        'in',
        db.selectFrom('survey_group_assignments').select('group_id').where('survey_id', '=', surveyId),
      );
  const rows = await groups
    .leftJoin('group_members as gm', 'gm.group_id', 'g.id')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'gm.user_id').on('u.status', '=', 'active'))
    .leftJoin('survey_responses as r', (join) =>
      join.onRef('r.user_id', '=', 'u.id').on('r.survey_id', '=', surveyId),
    )
    .groupBy(['g.id', 'g.name'])
    .select((eb) => [eb.fn.count<number>('u.id').as('members'), eb.fn.count<number>('r.id').as('responded')])
    .orderBy(sql`lower(g.name)`)
    .execute();
  return rows.map((r) => {
    const members = Number(r.members);
    const responded = Number(r.responded);
    return { _id: r.id, name: r.name, members, responded, rate: percentOf(responded, members) };
  });
};

export const surveyResults = async (
  ctx: ServiceContext,
  input: { surveyId: string; groupId?: string | undefined },
): Promise<SurveyResults> => {
  const { enterpriseId, row, group, responseRows, audienceIds } = await loadResults(ctx, input);
  const responses = responseRows.map((r) => ({ name: r.name, answers: parseAnswers(r.answers) }));
  const respondedInAudience = responseRows.filter((r) => audienceIds.has(r.user_id)).length;
  return {
    surveyId: row.id,
    title: row.title,
    status: statusOf(row),
    group,
    assigned: audienceIds.size,
    respondents: responseRows.length,
    responseRate: percentOf(respondedInAudience, audienceIds.size),
    questions: questionsOf(row).map((question) => questionResult(question, responses)),
    groups: await groupRates(ctx.db, enterpriseId, row.id, group),
  };
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'survey';

/** One row per response: who, when, and each question's answer (option texts, then "Other: ..."). */
export const exportSurveyResults = async (
  ctx: ServiceContext,
  input: { surveyId: string; groupId?: string | undefined },
) => {
  const { row, group, responseRows } = await loadResults(ctx, input);
  const questions = questionsOf(row);
  const header = ['Member', 'Email', 'Submitted', 'Last changed', ...questions.map((q) => q.text)];
  const cellOf = (question: SurveyQuestion, answer: ChoiceAnswer | undefined) => {
    const texts = question.options.filter((o) => answer?.values.includes(o.value)).map((o) => o.text);
    const other = answer?.other?.trim();
    if (other) texts.push(`${otherLabel(question)}: ${other}`);
    return texts.join('; ');
  };
  const csv = csvText(
    header,
    responseRows.map((r) => {
      const answers = parseAnswers(r.answers);
      return [
        r.name,
        r.email,
        r.submitted_at,
        r.updated_at,
        ...questions.map((q) => cellOf(q, answers[q.id])),
      ];
    }),
  );
  ctx.setMessage(`${plural(responseRows.length, 'response')} exported`);
  return {
    filename: `survey-${slug(row.title)}${group ? `-${slug(group.name)}` : ''}.csv`,
    csv,
    rows: responseRows.length,
  };
};

// ---------------------------------------------------------------------------------------------
// The member's own surveys (login only)
// ---------------------------------------------------------------------------------------------

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

export const getMySurvey = (ctx: ServiceContext, { surveyId }: { surveyId: string }) =>
  loadMySurvey(ctx, surveyId);

/**
 * The member's answers, checked by the same rules as the screen (shared choice rules): every required question
 * answered, options only from the question, one answer unless several are allowed, "Other" only where offered and
 * then with its text. One submission per member; submitting again changes it while the survey is open.
 */
export const submitSurvey = async (
  ctx: ServiceContext,
  { surveyId, answers }: { surveyId: string; answers: SurveyAnswers },
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
