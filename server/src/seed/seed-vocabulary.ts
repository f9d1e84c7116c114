import type { Db } from '../db/connect.ts';

type SeedWord = { word: string; meaning: string; example: string; level: 1 | 2 | 3 | 4; category: string };

/** The platform's starter vocabulary: workplace words in four categories, levels 1-4. */
export const SEED_VOCABULARY: SeedWord[] = [
  // Meetings
  {
    word: 'agenda',
    meaning: 'A list of topics to cover in a meeting.',
    example: 'Please send the agenda before Monday.',
    level: 1,
    category: 'Meetings',
  },
  {
    word: 'minutes',
    meaning: 'A written record of what was said and agreed in a meeting.',
    example: 'Sam will take the minutes today.',
    level: 1,
    category: 'Meetings',
  },
  {
    word: 'action item',
    meaning: 'A task someone agrees to do after a meeting.',
    example: 'Each action item needs an owner and a date.',
    level: 2,
    category: 'Meetings',
  },
  {
    word: 'follow up',
    meaning: 'To check on or continue something later.',
    example: "I'll follow up with the client on Friday.",
    level: 1,
    category: 'Meetings',
  },
  {
    word: 'consensus',
    meaning: 'Agreement reached by the whole group.',
    example: 'We reached a consensus on the new schedule.',
    level: 3,
    category: 'Meetings',
  },
  {
    word: 'facilitate',
    meaning: 'To guide a discussion so that it runs smoothly.',
    example: 'Maria will facilitate the planning workshop.',
    level: 3,
    category: 'Meetings',
  },
  {
    word: 'table a motion',
    meaning: 'To put a proposal forward for discussion (or, in US usage, to postpone it).',
    example: 'She tabled a motion to review the travel policy.',
    level: 4,
    category: 'Meetings',
  },
  {
    word: 'recap',
    meaning: 'A short summary of the main points.',
    example: "Let's do a quick recap before we finish.",
    level: 2,
    category: 'Meetings',
  },
  // Customer service
  {
    word: 'apologise',
    meaning: 'To say you are sorry for a problem.',
    example: 'We apologise for the delay to your order.',
    level: 1,
    category: 'Customer service',
  },
  {
    word: 'refund',
    meaning: 'Money given back to a customer.',
    example: 'The refund will reach your account in five days.',
    level: 1,
    category: 'Customer service',
  },
  {
    word: 'escalate',
    meaning: 'To pass a problem to someone with more authority.',
    example: 'If the issue continues, I will escalate it to my manager.',
    level: 2,
    category: 'Customer service',
  },
  {
    word: 'empathise',
    meaning: "To understand and share another person's feelings.",
    example: 'Empathise with the caller before offering a solution.',
    level: 3,
    category: 'Customer service',
  },
  {
    word: 'resolution',
    meaning: 'The answer or fix that ends a problem.',
    example: 'Our goal is a resolution on the first call.',
    level: 2,
    category: 'Customer service',
  },
  {
    word: 'goodwill gesture',
    meaning: 'Something offered to a customer to show good intentions.',
    example: 'We added a free month as a goodwill gesture.',
    level: 4,
    category: 'Customer service',
  },
  {
    word: 'ticket',
    meaning: 'A record of a customer request in a support system.',
    example: 'Please quote your ticket number when you call.',
    level: 1,
    category: 'Customer service',
  },
  {
    word: 'turnaround time',
    meaning: 'How long it takes to complete a request.',
    example: 'Our turnaround time for repairs is two days.',
    level: 3,
    category: 'Customer service',
  },
  // Presentations
  {
    word: 'outline',
    meaning: 'The main structure of a talk or document.',
    example: 'Start with an outline of the three sections.',
    level: 1,
    category: 'Presentations',
  },
  {
    word: 'key takeaway',
    meaning: 'The most important point the audience should remember.',
    example: 'The key takeaway is that costs fell by ten percent.',
    level: 2,
    category: 'Presentations',
  },
  {
    word: 'engage',
    meaning: "To hold people's attention and interest.",
    example: 'A short story helps engage the audience.',
    level: 2,
    category: 'Presentations',
  },
  {
    word: 'articulate',
    meaning: 'To express an idea clearly.',
    example: 'He articulated the benefits in simple words.',
    level: 3,
    category: 'Presentations',
  },
  {
    word: 'segue',
    meaning: 'A smooth move from one topic to the next.',
    example: "That's a perfect segue into our sales figures.",
    level: 4,
    category: 'Presentations',
  },
  {
    word: 'visual aid',
    meaning: 'A chart, picture or slide that supports a talk.',
    example: 'Keep each visual aid simple and readable.',
    level: 2,
    category: 'Presentations',
  },
  {
    word: 'rhetorical question',
    meaning: 'A question asked for effect, not to get an answer.',
    example: 'She opened with a rhetorical question about wasted time.',
    level: 4,
    category: 'Presentations',
  },
  // Teamwork
  {
    word: 'collaborate',
    meaning: 'To work together with others.',
    example: 'Design and sales collaborate on every launch.',
    level: 2,
    category: 'Teamwork',
  },
  {
    word: 'deadline',
    meaning: 'The time by which something must be finished.',
    example: 'The deadline for the report is Thursday noon.',
    level: 1,
    category: 'Teamwork',
  },
  {
    word: 'delegate',
    meaning: 'To give part of your work to someone else.',
    example: 'Good managers delegate tasks that others can do well.',
    level: 3,
    category: 'Teamwork',
  },
  {
    word: 'feedback',
    meaning: 'Comments about how well someone did something.',
    example: 'Thanks for the helpful feedback on my draft.',
    level: 1,
    category: 'Teamwork',
  },
  {
    word: 'bandwidth',
    meaning: 'The time or energy someone has for more work.',
    example: "I don't have the bandwidth for another project this month.",
    level: 3,
    category: 'Teamwork',
  },
  {
    word: 'stakeholder',
    meaning: 'A person with an interest in a project or decision.',
    example: 'We need sign-off from every stakeholder.',
    level: 3,
    category: 'Teamwork',
  },
  {
    word: 'touch base',
    meaning: 'To make brief contact to check progress.',
    example: "Let's touch base after lunch.",
    level: 2,
    category: 'Teamwork',
  },
  {
    word: 'synergy',
    meaning: 'Extra value created when people or groups work together.',
    example: 'The merger was meant to create synergy between the teams.',
    level: 4,
    category: 'Teamwork',
  },
];

/** Inserts the starter words; seedDemo calls it once, in the transaction that seeds a fresh database. */
export const seedVocabulary = async (trx: Db, now: string) => {
  await trx
    .insertInto('vocabulary')
    .values(
      SEED_VOCABULARY.map((entry) => ({
        id: crypto.randomUUID(),
        ...entry,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
};
