import { EXPIRY_ONE_WEEK } from '@coach/shared/constants/durations';
import type { Db } from '../db/connect.ts';
import { taskRow } from '../db/task-row.ts';

const uuid = () => crypto.randomUUID();
const HOUR_MS = 3_600_000;

type SeedTask = {
  type: number;
  title: string;
  description: string;
  category: 'Communication' | 'Audio' | 'IVR';
  level: number;
  timeMinutes: number;
  details: Record<string, unknown>;
};

const TASKS: SeedTask[] = [
  {
    type: 1,
    title: 'Read: the feedback sandwich, and why it fails',
    description: 'A short read before your next one-to-one.',
    category: 'Communication',
    level: 1,
    timeMinutes: 5,
    details: {
      passage:
        'Many managers were taught to wrap criticism between two compliments. People soon learn the pattern and stop hearing the praise, because they are waiting for the “but”. Feedback lands better when it is specific, timely and about behaviour rather than character. Say what you saw, explain the effect it had, and ask what the other person thinks. Then agree on one thing to try next time.',
    },
  },
  {
    type: 2,
    title: 'Pronounce tricky workplace words',
    description: 'Say each word clearly; take your time.',
    category: 'Audio',
    level: 2,
    timeMinutes: 5,
    details: { items: ['particularly', 'thoroughly', 'entrepreneur', 'hierarchy', 'schedule'] },
  },
  {
    type: 4,
    title: 'Introduce yourself to a new team',
    description: 'Answer each question aloud as if in a team meeting.',
    category: 'Communication',
    level: 1,
    timeMinutes: 10,
    details: {
      questions: [
        'Who are you and what is your role?',
        'What are you working on this month?',
        'How do you like to be contacted?',
      ],
    },
  },
  {
    type: 5,
    title: 'Read aloud: opening a customer call',
    description: 'Read the script out loud at a calm pace.',
    category: 'Audio',
    level: 2,
    timeMinutes: 5,
    details: {
      passage:
        'Good morning, thank you for calling Acme Learning, my name is Sam. I can see you have been waiting a little while, so thank you for your patience. How can I help you today?',
    },
  },
  {
    type: 6,
    title: 'Interview practice: team leader',
    description: 'A four-stage practice interview; answer each stage aloud.',
    category: 'IVR',
    level: 3,
    timeMinutes: 15,
    details: {
      jobTitle: 'Team leader',
      industry: 'Customer service',
      location: 'Melbourne',
      region: 'Australia',
    },
  },
  {
    type: 7,
    title: 'Reflect on your last meeting',
    description: 'A few lines each is plenty.',
    category: 'Communication',
    level: 1,
    timeMinutes: 10,
    details: { questions: ['What went well?', 'What would you change next time?'] },
  },
  {
    type: 8,
    title: 'Quiz: running effective meetings',
    description: 'Five minutes on meeting habits.',
    category: 'Communication',
    level: 1,
    timeMinutes: 5,
    details: {
      questions: [
        {
          id: 'agenda',
          type: 'multiple-choice',
          text: 'When should the agenda go out?',
          options: [
            { text: 'At least a day before', value: 'day-before' },
            { text: 'When the meeting starts', value: 'at-start' },
            { text: 'Agendas are not needed', value: 'never' },
          ],
          hasOther: false,
          multipleSelection: false,
          required: true,
          answer: 'day-before',
        },
        {
          id: 'roles',
          type: 'multiple-choice',
          text: 'Which roles help a meeting stay on track?',
          options: [
            { text: 'Facilitator', value: 'facilitator' },
            { text: 'Timekeeper', value: 'timekeeper' },
            { text: 'Note taker', value: 'notes' },
          ],
          hasOther: true,
          otherText: 'Another role',
          multipleSelection: true,
          required: false,
        },
      ],
    },
  },
];

/**
 * The task library's demo data: one task of each type that needs no content library, a folder, an assignment to the
 * learner's first group (so every member of it has the tasks), and attempts in each state so My Tasks and the
 * review list have something to show.
 */
export const seedTasks = async (
  trx: Db,
  {
    enterpriseId,
    ownerId,
    groupId,
    learnerId,
    now,
  }: {
    enterpriseId: string;
    ownerId: string;
    groupId: string;
    learnerId: string;
    now: string;
  },
) => {
  const created = Date.parse(now);
  const ids = TASKS.map(() => uuid());
  await trx
    .insertInto('tasks')
    .values(
      TASKS.map((task, index) => {
        const at = new Date(created - (TASKS.length - index) * HOUR_MS).toISOString();
        return taskRow({
          id: ids[index] ?? uuid(),
          enterprise_id: enterpriseId,
          type: task.type,
          title: task.title,
          description: task.description,
          category: task.category,
          level: task.level,
          time_minutes: task.timeMinutes,
          details: task.details,
          like_count: (index * 7) % 5,
          view_count: (index * 11) % 9,
          created_by: ownerId,
          at,
        });
      }),
    )
    .execute();
  const folderId = uuid();
  await trx
    .insertInto('task_folders')
    .values({ id: folderId, enterprise_id: enterpriseId, name: 'Onboarding week', created_at: now })
    .execute();
  await trx
    .insertInto('task_folder_items')
    .values([0, 5, 6].map((i) => ({ folder_id: folderId, task_id: ids[i] ?? '', added_at: now })))
    .execute();
  await trx
    .insertInto('task_group_assignments')
    .values(
      ids.map((taskId) => ({
        task_id: taskId,
        group_id: groupId,
        enterprise_id: enterpriseId,
        assigned_at: now,
      })),
    )
    .execute();
  const members = await trx
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .execute();
  const due = new Date(created + EXPIRY_ONE_WEEK * 1000).toISOString();
  const quiz = ids[6] ?? '';
  const reflection = ids[5] ?? '';
  const rows = members.flatMap(({ user_id }, memberIndex) =>
    ids.map((taskId) => {
      // The learner has finished the quiz and started the reflection; two other members finished the reflection.
      const learnerQuiz = user_id === learnerId && taskId === quiz;
      const learnerReflection = user_id === learnerId && taskId === reflection;
      const otherDone = user_id !== learnerId && taskId === reflection && memberIndex < 3;
      const status = learnerQuiz || otherDone ? 2 : learnerReflection ? 1 : 0;
      const report = learnerQuiz
        ? {
            choices: { agenda: { values: ['day-before'] }, roles: { values: ['facilitator', 'timekeeper'] } },
          }
        : learnerReflection
          ? { answers: ['We finished on time.', ''] }
          : otherDone
            ? { answers: ['Everyone spoke once.', 'Send the agenda earlier.'] }
            : null;
      return {
        id: uuid(),
        enterprise_id: enterpriseId,
        task_id: taskId,
        user_id,
        source: 'group',
        status,
        progress: status === 2 ? 100 : status === 1 ? 50 : 0,
        report: report ? JSON.stringify(report) : null,
        assigned_at: now,
        due_at: due,
        started_at: status > 0 ? now : null,
        completed_at: status === 2 ? now : null,
        reviewed_at: null,
        reviewed_by: null,
        feedback: null,
        feedback_at: null,
        updated_at: now,
      };
    }),
  );
  for (let start = 0; start < rows.length; start += 200)
    await trx
      .insertInto('task_assignments')
      .values(rows.slice(start, start + 200))
      .execute();
};
