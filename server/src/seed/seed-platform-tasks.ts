import { EXPIRY_ONE_WEEK } from '@coach/shared/constants/durations';
import type { Db } from '../db/connect.ts';
import { taskRow } from '../db/task-row.ts';

const common = {
  category: 'Communication',
  level: 2,
  time_minutes: 10,
  expiry_seconds: EXPIRY_ONE_WEEK,
  attachments: '[]',
};

/** The platform task library's demo templates; the first is offered to `offeredTo` as a linked copy. */
export const PLATFORM_TASK_SEEDS = [
  {
    ...common,
    type: 1,
    title: 'Read: opening a meeting well',
    description: 'A short read on the first two minutes of any meeting.',
    details: {
      passage:
        'Open with the purpose in one sentence. Say what the meeting will decide, and by when. Name who will speak to each point, then invite one question before you start. Two calm minutes at the start save twenty at the end.',
    },
  },
  {
    ...common,
    type: 2,
    category: 'Audio',
    title: 'Say it clearly: customer service words',
    description: 'Words that come up in every support call.',
    details: {
      items: ['apologise', 'appreciate', 'escalation', 'specifically', 'Thank you for your patience.'],
    },
  },
  {
    ...common,
    type: 7,
    title: 'Write it down: a difficult conversation',
    description: 'Reflect in writing on a conversation that did not go to plan.',
    details: { questions: ['What was the conversation about?', 'What would you say differently next time?'] },
  },
  {
    ...common,
    type: 8,
    title: 'Quick quiz: feedback habits',
    description: 'Four minutes on giving feedback that helps.',
    details: {
      questions: [
        {
          id: 'q1',
          type: 'multiple-choice',
          text: 'When is feedback most useful?',
          options: [
            { text: 'Soon after the moment', value: 'soon' },
            { text: 'At the yearly review', value: 'yearly' },
          ],
          hasOther: false,
          multipleSelection: false,
          required: true,
          answer: 'soon',
        },
      ],
    },
  },
] as const;

export const seedPlatformTasks = async (trx: Db, { offeredTo, now }: { offeredTo: string; now: string }) => {
  const ids = PLATFORM_TASK_SEEDS.map(() => crypto.randomUUID());
  await trx
    .insertInto('platform_tasks')
    .values(
      PLATFORM_TASK_SEEDS.map(({ details, ...task }, index) => ({
        id: ids[index] ?? '',
        ...task,
        details: JSON.stringify(details),
        archived: 0,
        created_by: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const [first] = PLATFORM_TASK_SEEDS;
  const { details, ...task } = first;
  await trx
    .insertInto('tasks')
    .values(taskRow({ enterprise_id: offeredTo, ...task, details, at: now, platform_task_id: ids[0] ?? '' }))
    .execute();
};
