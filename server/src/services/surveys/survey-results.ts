import { otherLabel } from '@coach/shared/contract/choice-rules';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type {
  SurveyAnswers,
  SurveyGroupRate,
  SurveyQuestion,
  SurveyQuestionResult,
  SurveyResults,
  surveys,
} from '@coach/shared/contract/surveys';
import type { ChoiceAnswer } from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { enterpriseSession } from '../../session/session.ts';
import { csvText } from '../common/csv.ts';
import { assertGroupInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { audienceOf } from './audience-query.ts';
import {
  answeredAt,
  findSurvey,
  parseAnswers,
  percentOf,
  plural,
  questionsOf,
  statusOf,
} from './internal/survey-rows.ts';

// A survey's results (permission `surveys`), narrowed to one group's members by the top-bar filter.

type ResponseRow = {
  user_id: string;
  name: string;
  email: string;
  answers: string;
  submitted_at: string;
  updated_at: string;
};

type ResultsInput = ParsedRequestOf<typeof surveys.results | typeof surveys.exportResults>;

const loadResults = async (ctx: ServiceContext, { surveyId, groupId }: ResultsInput) => {
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

export const surveyResults = async (ctx: ServiceContext, input: ResultsInput): Promise<SurveyResults> => {
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
export const exportSurveyResults = async (ctx: ServiceContext, input: ResultsInput) => {
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
