import type { SurveyAnswers, SurveyQuestion } from '@coach/shared/contract/surveys';
import type { Db } from '../db/connect.ts';

const DAY_MS = 86_400_000;
const THIRTY_DAYS = 2_592_000;

const question = (
  id: string,
  text: string,
  options: string[],
  extra: Partial<SurveyQuestion> = {},
): SurveyQuestion => ({
  id,
  type: 'multiple-choice',
  text,
  options: options.map((option) => ({
    text: option,
    value: option
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
  })),
  hasOther: false,
  multipleSelection: false,
  required: true,
  ...extra,
});

const PULSE: SurveyQuestion[] = [
  question('clarity', 'How clear is the communication in your team?', [
    'Very clear',
    'Mostly clear',
    'Sometimes unclear',
    'Often unclear',
  ]),
  question(
    'channels',
    'Which channels help you most at work?',
    ['Team meetings', 'Email', 'Chat', 'One-to-one conversations'],
    { multipleSelection: true, hasOther: true, otherText: 'Something else' },
  ),
  question('practice', 'Would you like more speaking practice at work?', ['Yes', 'Maybe', 'No'], {
    required: false,
  }),
];

/** What six of the offices' members answered (the learner has not answered yet, so the survey waits for them). */
const PULSE_ANSWERS: SurveyAnswers[] = [
  {
    clarity: { values: ['mostly-clear'] },
    channels: { values: ['team-meetings', 'chat'] },
    practice: { values: ['yes'] },
  },
  { clarity: { values: ['very-clear'] }, channels: { values: ['one-to-one-conversations'] } },
  {
    clarity: { values: ['sometimes-unclear'] },
    channels: { values: ['email'], other: 'Shared notes after stand-up' },
    practice: { values: ['yes'] },
  },
  {
    clarity: { values: ['mostly-clear'] },
    channels: { values: ['chat', 'email'] },
    practice: { values: ['maybe'] },
  },
  {
    clarity: { values: ['often-unclear'] },
    channels: { values: [], other: 'Walking over to ask in person' },
    practice: { values: ['yes'] },
  },
  {
    clarity: { values: ['mostly-clear'] },
    channels: { values: ['team-meetings'] },
    practice: { values: ['no'] },
  },
];

const TRAINING: SurveyQuestion[] = [
  question('format', 'How do you prefer to learn?', ['Short videos', 'Live workshops', 'Practice tasks'], {
    multipleSelection: true,
  }),
  question('time', 'When suits you best for training?', ['Mornings', 'Afternoons', 'Evenings'], {
    hasOther: true,
  }),
];

/**
 * Acme's demo surveys, so the screens are not empty on first start: an Active pulse survey assigned to
 * the Melbourne and Sydney offices (the learner is in Melbourne) with six members' answers, and a draft.
 */
export const seedSurveys = async (
  trx: Db,
  {
    enterpriseId,
    ownerId,
    groupIds,
    learnerId,
    now,
  }: { enterpriseId: string; ownerId: string; groupIds: string[]; learnerId: string; now: string },
) => {
  const at = (daysAgo: number) => new Date(Date.parse(now) - daysAgo * DAY_MS).toISOString();
  const pulse = crypto.randomUUID();
  const published = at(5);
  await trx
    .insertInto('surveys')
    .values([
      {
        id: pulse,
        enterprise_id: enterpriseId,
        title: 'Team communication pulse',
        description: 'Three quick questions about how your team shares information. It takes a minute.',
        questions: JSON.stringify(PULSE),
        status: 'Active',
        expiry_seconds: THIRTY_DAYS,
        due_at: new Date(Date.parse(published) + THIRTY_DAYS * 1000).toISOString(),
        published_at: published,
        closed_at: null,
        created_by: ownerId,
        created_at: at(6),
        updated_at: published,
      },
      {
        id: crypto.randomUUID(),
        enterprise_id: enterpriseId,
        title: 'Training preferences 2026',
        description: 'Help us plan next year’s training.',
        questions: JSON.stringify(TRAINING),
        status: 'Draft',
        expiry_seconds: null,
        due_at: null,
        published_at: null,
        closed_at: null,
        created_by: ownerId,
        created_at: at(1),
        updated_at: at(1),
      },
    ])
    .execute();
  await trx
    .insertInto('survey_group_assignments')
    .values(
      groupIds.map((group_id) => ({
        survey_id: pulse,
        group_id,
        enterprise_id: enterpriseId,
        assigned_at: published,
      })),
    )
    .execute();
  const respondents = await trx
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select('users.id')
    .distinct()
    .where('group_members.group_id', 'in', groupIds)
    .where('users.id', '!=', learnerId)
    .orderBy('users.id')
    .execute();
  const answered = respondents.slice(0, PULSE_ANSWERS.length);
  if (answered.length === 0) return;
  await trx
    .insertInto('survey_responses')
    .values(
      answered.map(({ id }, index) => {
        const when = at(4 - index * 0.5);
        return {
          id: crypto.randomUUID(),
          enterprise_id: enterpriseId,
          survey_id: pulse,
          user_id: id,
          answers: JSON.stringify(PULSE_ANSWERS[index]),
          submitted_at: when,
          updated_at: when,
        };
      }),
    )
    .execute();
};
