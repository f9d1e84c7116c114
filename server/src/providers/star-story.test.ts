import { STAR_PARTS, type StarPart } from '@coach/shared/contract/interview';
import { unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import { describe, expect, it } from 'vitest';
import { GENERAL_ROLE } from './interview-banks.ts';
import {
  analyseAnswerContent,
  builtinInterviewFeedback,
  contradictsStoryChecks,
  type HeardAnswer,
} from './interview-rules.ts';
import { storyParts } from './star-story.ts';

/** S, T, A, R: which parts the answer tells ('' where it does not). */
const parts = (told: string): Record<StarPart, boolean> => ({
  situation: told.includes('S'),
  task: told.includes('T'),
  action: told.includes('A'),
  result: told.includes('R'),
});

// Answers as people say them (and as a speech engine writes them: numbers as digits or words, fillers, no
// punctuation), none naming the parts.
const ANSWERS: { name: string; told: string; answer: string }[] = [
  {
    name: 'opens with its situation, a number in it',
    told: 'STAR',
    answer:
      'Last winter our team had a backlog of 200 complaints. I was asked to clear it before the new year. I set up a triage board and we introduced a daily call-back hour, which cut the backlog by half in two weeks, and by January it was gone.',
  },
  {
    name: 'a place opener and a percentage',
    told: 'STAR',
    answer:
      'In my previous job at a call centre, customers waited up to 20 minutes on hold. My job was to bring that down. I decided to map the most common calls and wrote short answers for them. As a result the average wait fell to 6 minutes, about 70% less.',
  },
  {
    name: '"when I was at", a goal and happier customers',
    told: 'STAR',
    answer:
      'When I was at Bayside Hotel, a wedding party arrived to find their rooms double booked. The goal was to get everyone a room that night. So I called three hotels nearby and arranged a shuttle. In the end every guest had a room and the couple wrote us a thank you letter.',
  },
  {
    name: 'a few years ago, needed to, numbers spelt out',
    told: 'STAR',
    answer:
      'A few years ago we were moving the whole office to a new system and the deadline was tight. We needed to train forty people in two weeks. I ran short sessions every morning and made a one page guide. We delivered on time and support calls dropped by thirty percent.',
  },
  {
    name: 'told in a different order: result first',
    told: 'STAR',
    answer:
      'We reduced missed deliveries from 12 a week to 2. That was at a grocery warehouse where I worked as a shift lead, and drivers kept leaving without their full load. My manager asked me to find out why. I started checking every van against the list before it left.',
  },
  {
    name: 'a strong answer with fillers and no punctuation',
    told: 'STAR',
    answer:
      'um so at my last company uh one of our biggest clients was unhappy with late reports and it was my responsibility to keep the account so I sat down with them and we agreed a new schedule and they renewed the contract for another year',
  },
  {
    name: 'a rambling answer that still has the four parts',
    told: 'STAR',
    answer:
      'Well, I have always been someone who likes a challenge, and I think teamwork is really important, honestly more than anything. But there was one time, I think it was 2022, when our store lost two staff in the same week right before Christmas. Someone had to cover the floor and the stockroom. I reorganised the roster, trained a casual in the stockroom and stayed late twice myself. Sales were up 15 percent on the year before, which my area manager noticed, and I learned a lot about planning.',
  },
  {
    name: 'a conflict with a colleague, told in the first person',
    told: 'STAR',
    answer:
      'During my placement at a primary school, another teacher and I disagreed about how to handle a disruptive student. I had to find a way we could both work with. I suggested we meet with the parents together and we agreed one set of rules. After that the student settled and the parents thanked us.',
  },
  {
    name: 'situation and action, no result',
    told: 'SA',
    answer:
      'Last year our website crashed during a big sale and orders were stuck. I called the hosting company and then I posted an update for customers on social media.',
  },
  {
    name: 'no situation: straight to the task and what was done',
    told: 'TAR',
    answer:
      'My task was to cut the time it took to onboard a new client. I rewrote the checklist and automated the welcome emails, and we got it from ten days down to four.',
  },
  {
    name: 'hypothetical, not a story: nothing of it happened',
    told: '',
    answer:
      'I would listen to the customer and try to understand their problem. I think it is important to stay calm and be polite, and I always do my best to help people.',
  },
  {
    name: 'very short',
    told: 'A',
    answer: 'I fixed it.',
  },
  {
    name: 'a scene and a result, what was done left out',
    told: 'SR',
    answer:
      'Two years ago the kitchen I worked in failed a hygiene inspection. Three months later we passed with the top rating.',
  },
  {
    name: 'no task said, the result as "went down to about 10"',
    told: 'SAR',
    answer:
      'We got a lot of complaints about delivery times, so I made a new FAQ page and the complaints went down to about 10 a week.',
  },
  {
    name: 'only the situation',
    told: 'S',
    answer:
      'In my first job I worked in a busy pharmacy and it was really hectic, especially on Mondays, because there were always so many people waiting.',
  },
  {
    name: 'a mistake owned up to and learnt from',
    told: 'STAR',
    answer:
      'Early last year I sent a quote to a client with the wrong price. It was up to me to put it right before they signed. I phoned them the same day, explained the mistake and sent a corrected quote. They signed anyway, and since then I always have a colleague check my quotes.',
  },
];

describe('the parts of a spoken STAR story', () => {
  it.each(ANSWERS)('$name: $told', ({ answer, told }) => {
    expect(storyParts(answer)).toEqual(parts(told));
  });

  it('are the behavioural answer’s checks, and the summing up names only the parts not found', () => {
    for (const { answer, told } of ANSWERS) {
      const content = analyseAnswerContent({
        stage: 'BEHAVIOURAL',
        transcript: answer,
        setup: { jobTitle: 'Support lead', industry: 'Retail', location: 'Sydney', region: 'Australia' },
        role: GENERAL_ROLE,
      });
      expect(content.star).toEqual(parts(told));
      const answers = [
        {
          stage: 'BEHAVIOURAL' as const,
          question: 'Tell me about a time you faced a tight deadline.',
          analysis: {
            speech: {
              status: 'done' as const,
              transcript: answer,
              durationSeconds: 60,
              wordsPerMinute: 130,
              pauses: [],
              longestPauseSeconds: 0.5,
              fillers: { count: 0, per100Words: 0, words: [] },
              words: null,
              scores: { accuracy: 90, completeness: 100, fluency: 90, pronunciation: 90 },
            },
            content,
          },
        },
      ] satisfies HeardAnswer[];
      const feedback = builtinInterviewFeedback(answers);
      expect(contradictsStoryChecks(feedback, answers)).toBe(false);
      const said = [...feedback.strengths, ...feedback.workOn].join(' ');
      const story = [...feedback.strengths, ...feedback.workOn].find((line) => /story/.test(line)) ?? '';
      // The parts asked to be made clear: "make the situation, task, and action clear", or all four, named once
      // ("in four parts: the situation, your task, the action you took and its result").
      const unclear =
        /make the ([^.]*) clear\./.exec(story)?.[1] ?? /four parts: ([^.]*)\./.exec(story)?.[1] ?? '';
      for (const part of STAR_PARTS) {
        // A part the checks found is never called unclear or missing.
        expect(new RegExp(`\\b${part}\\b`).test(unclear), `${told || '-'} ${part}: ${story}`).toBe(
          !told.includes(part[0]?.toUpperCase() ?? ''),
        );
      }
      if (told === 'STAR') expect(said).toMatch(/complete story: situation, task, action and result/);
    }
  });
});

describe('a summing up that contradicts the checks', () => {
  const answers = [
    {
      stage: 'BEHAVIOURAL' as const,
      question: 'Q',
      analysis: {
        speech: unmeasuredSpeechAnalysis('failed'),
        content: {
          wordCount: 60,
          length: 'good' as const,
          mentioned: null,
          star: { situation: true, task: false, action: true, result: true },
          keywords: { used: [], suggested: [] },
        },
      },
    },
  ] satisfies HeardAnswer[];
  const saying = (line: string) => ({ strengths: ['Good.'], workOn: [line, 'Two.', 'Three.'] });

  it.each([
    ['The situation was not clear.', true],
    ['You never described the situation.', true],
    ['Give a result with numbers; the result was missing.', true],
    ['Tell the story in four parts (situation, task, action, result): the task was not clear.', false],
    ['Say what your task was: it was not clear.', false],
    ['Slow down: you spoke fast.', false],
    ['Use situation, task, action and result in every story, not just one.', false],
  ])('"%s": %s', (line, contradicts) => {
    expect(contradictsStoryChecks(saying(line), answers)).toBe(contradicts);
  });
});
