import type { InterviewAnswerAnalysis } from '@coach/shared/contract/interview';
import { interviewFeedbackSchema, interviewNoteText } from '@coach/shared/contract/interview';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import { unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import { describe, expect, it } from 'vitest';
import { builtinInterviewQuestion } from './coach.ts';
import { GENERAL_ROLE } from './interview-banks.ts';
import {
  type AnsweredStage,
  analyseAnswerContent,
  builtinInterviewFeedback,
  heardSetup,
  roleOf,
} from './interview-rules.ts';

const setup = { jobTitle: 'Support lead', industry: 'Retail', location: 'Sydney', region: 'Australia' };

const heard = (transcript: string, figures: Partial<{ wpm: number; fillers: number; pause: number }> = {}) =>
  ({
    status: 'done',
    transcript,
    durationSeconds: 30,
    wordsPerMinute: figures.wpm ?? 130,
    pauses: [],
    longestPauseSeconds: figures.pause ?? 0.5,
    fillers: { count: figures.fillers ?? 0, per100Words: 0, words: [] },
    words: null,
    scores: { accuracy: 90, completeness: 100, fluency: 90, pronunciation: 90 },
  }) satisfies SpeechAnalysis;

const answerOf = (stage: AnsweredStage, speech: SpeechAnalysis): InterviewAnswerAnalysis => ({
  speech,
  content:
    speech.status === 'done'
      ? analyseAnswerContent({ stage, transcript: speech.transcript, setup, role: roleOf(setup, null) })
      : null,
});

describe('what the opening says', () => {
  it('recognises the role and industry the learner names over the task’s', () => {
    const said = heardSetup(setup, 'I am applying to be a nurse in a hospital in Perth.');
    expect(said).toMatchObject({ jobTitle: 'nurse', industry: 'healthcare', location: 'Sydney' });
    expect(roleOf(setup, 'I want the nurse job').key).toBe('nursing');
    // Nothing recognised: the task's setup stands.
    expect(heardSetup(setup, 'Hello, nice to meet you.')).toEqual(setup);
    expect(roleOf(setup, 'Hello').key).toBe('support');
    expect(roleOf({ ...setup, jobTitle: 'Astronaut' }, 'Hello')).toBe(GENERAL_ROLE);
  });

  it('takes the role named first in speech and the last word of a job title, and "it" is not IT', () => {
    expect(roleOf(setup, 'I am applying for the team leader role in customer service.').key).toBe(
      'management',
    );
    expect(roleOf({ ...setup, jobTitle: 'Customer service manager' }, null).key).toBe('management');
    expect(roleOf({ ...setup, jobTitle: 'Sales support' }, null).key).toBe('support');
    expect(heardSetup(setup, 'I love it when customers leave happy.').industry).toBe('Retail');
    expect(heardSetup(setup, 'I work in information technology.').industry).toBe('technology');
  });

  it('checks the job title, industry and location were said', () => {
    const content = analyseAnswerContent({
      stage: 'POSITION',
      transcript: 'I am applying for the support lead job in retail.',
      setup,
      role: roleOf(setup, null),
    });
    expect(content.mentioned).toEqual({ jobTitle: true, industry: true, location: false });
    expect(content.star).toBeNull();
    const based = analyseAnswerContent({
      stage: 'POSITION',
      transcript: 'I live in Sydney.',
      setup,
      role: GENERAL_ROLE,
    });
    expect(based.mentioned?.location).toBe(true);
    // A place said without the task's own name for it: moving there, remote work, "this area".
    for (const transcript of [
      'I am happy to relocate to Melbourne for this role.',
      'I would like to work remotely.',
      'I have lived in this area all my life.',
    ])
      expect(
        analyseAnswerContent({ stage: 'POSITION', transcript, setup, role: GENERAL_ROLE }).mentioned
          ?.location,
        transcript,
      ).toBe(true);
    expect(
      analyseAnswerContent({ stage: 'POSITION', transcript: 'I want the job.', setup, role: GENERAL_ROLE })
        .mentioned?.location,
    ).toBe(false);
  });
});

describe('what an answer says', () => {
  it('finds the four STAR parts of a story, and names a missing one', () => {
    const story =
      'At my last job we had a customer who was angry. My task was to keep the account. So I called her and listened. As a result she stayed with us.';
    expect(
      analyseAnswerContent({ stage: 'BEHAVIOURAL', transcript: story, setup, role: GENERAL_ROLE }).star,
    ).toEqual({ situation: true, task: true, action: true, result: true });
    const noResult =
      'At my last job we had a customer who was angry. My task was to keep the account. So I called her.';
    expect(
      analyseAnswerContent({ stage: 'BEHAVIOURAL', transcript: noResult, setup, role: GENERAL_ROLE }).star,
    ).toEqual({ situation: true, task: true, action: true, result: false });
  });

  it('counts words without fillers, judges the length and matches the role’s words in any form', () => {
    const content = analyseAnswerContent({
      stage: 'TECHNICAL',
      transcript:
        'Um, I listen to customers, uh, and I escalated tickets when the solution needed a hand over.',
      setup,
      role: roleOf(setup, null),
    });
    expect(content.wordCount).toBe(15);
    expect(content.length).toBe('short');
    expect(content.keywords.used).toEqual(['customer', 'listen', 'escalate', 'ticket', 'solution']);
    expect(content.keywords.suggested).toEqual(['resolve', 'empathy', 'patience']);
  });
});

describe('the built-in interviewer', () => {
  it('asks for the industry and role given, the same questions for the same attempt', () => {
    const said = heardSetup(setup, 'I want to be a nurse in healthcare.');
    const icebreaking = builtinInterviewQuestion({
      stage: 'ICEBREAKING',
      setup: said,
      history: [],
      seed: 'a1',
    });
    expect(icebreaking).toMatch(/healthcare/);
    expect(builtinInterviewQuestion({ stage: 'ICEBREAKING', setup: said, history: [], seed: 'a1' })).toBe(
      icebreaking,
    );
    const technical = builtinInterviewQuestion({
      stage: 'TECHNICAL',
      setup: said,
      history: [{ stage: 'POSITION', question: 'Q', answer: 'I want to be a nurse in healthcare.' }],
      seed: 'a1',
    });
    expect(technical).toMatch(/^Let's talk about the nurse role\. /);
    expect(builtinInterviewQuestion({ stage: 'BEHAVIOURAL', setup: said, history: [], seed: 'a1' })).toMatch(
      /^(Tell me|Describe)/,
    );
  });

  it('sums up with strengths and exactly three things to work on, from the figures and the checks', () => {
    const story =
      'At my last job we had a customer who was angry. My task was to keep the account. So I called her and listened to every concern she had. As a result she stayed with us for another two years, and I learned a lot.';
    const feedback = builtinInterviewFeedback([
      {
        stage: 'POSITION',
        question: 'Q1',
        analysis: answerOf(
          'POSITION',
          heard('I want the support lead job in retail, based in Sydney.', { wpm: 190, fillers: 3 }),
        ),
      },
      {
        stage: 'ICEBREAKING',
        question: 'Q2',
        analysis: answerOf('ICEBREAKING', unmeasuredSpeechAnalysis('failed')),
      },
      {
        stage: 'TECHNICAL',
        question: 'Q3',
        analysis: answerOf('TECHNICAL', heard('I help customers.', { wpm: 190 })),
      },
      { stage: 'BEHAVIOURAL', question: 'Q4', analysis: answerOf('BEHAVIOURAL', heard(story, { wpm: 190 })) },
    ]);
    expect(interviewFeedbackSchema.parse(feedback)).toEqual(feedback);
    expect(feedback.workOn).toEqual([
      'We could not hear your answer to the getting-to-know-you question. Record again in a quiet place, close to the microphone.',
      'Slow down: about 190 words a minute is fast for an interview; aim for 100 to 165 and pause between points.',
      expect.stringMatching(/^Cut the fillers \(“um”, “uh”\): [0-9.]+ per 100 words, 3 in all\./),
    ]);
    // The same sentences as keys and figures, for each reader's language.
    expect(feedback.notes?.workOn).toEqual([
      { key: 'unheard', values: { stages: ['ICEBREAKING'] } },
      { key: 'tooFast', values: { pace: 190 } },
      { key: 'fillers', values: { count: 3, rate: expect.any(Number) } },
    ]);
    expect(feedback.notes?.strengths.map(interviewNoteText)).toEqual(feedback.strengths);
    expect(feedback.strengths).toEqual(
      expect.arrayContaining([
        'A clear opening: the job title, industry and location all said.',
        'Your behavioural answer told a complete story: situation, task, action and result.',
      ]),
    );
  });

  it('fills the three things with standing advice when the interview went well, and copes with none heard', () => {
    const good = (stage: AnsweredStage, text: string) => ({
      stage,
      question: 'Q',
      analysis: answerOf(stage, heard(text)),
    });
    const long = `${'I worked with the team to solve the customer problem and we planned the result together. '.repeat(3)}`;
    const feedback = builtinInterviewFeedback([
      good(
        'POSITION',
        'I want the support lead job in retail, based in Sydney, because I love helping customers every day.',
      ),
      good('ICEBREAKING', long),
      good(
        'TECHNICAL',
        `${long} I listen, resolve, show empathy and patience, and follow up on every ticket.`,
      ),
      good(
        'BEHAVIOURAL',
        `At my last job we had a problem. My task was to fix it. So I called the client. As a result we kept them. ${long}`,
      ),
    ]);
    expect(feedback.workOn).toHaveLength(3);
    expect(feedback.workOn[0]).toMatch(/^Close each answer/);
    const none = builtinInterviewFeedback(
      (['POSITION', 'ICEBREAKING', 'TECHNICAL', 'BEHAVIOURAL'] as const).map((stage) => ({
        stage,
        question: 'Q',
        analysis: answerOf(stage, unmeasuredSpeechAnalysis('failed')),
      })),
    );
    expect(none.workOn[0]).toBe(
      'We could not hear your answer to the opening question, the getting-to-know-you question, the technical question, and the behavioural question. Record again in a quiet place, close to the microphone.',
    );
    expect(none.workOn).toHaveLength(3);
    expect(none.notes?.strengths).toEqual([{ key: 'tookPart', values: {} }]);
  });

  it('names the parts of the story left unclear as one list, not "the situation and the task and the action"', () => {
    const feedback = builtinInterviewFeedback([
      {
        stage: 'BEHAVIOURAL',
        question: 'Q',
        analysis: answerOf('BEHAVIOURAL', heard('In the end the client renewed for a year.')),
      },
    ]);
    expect(feedback.workOn).toContain(
      'Tell the behavioural story in four parts (situation, task, action, result): make the situation, task, and action clear.',
    );
    expect(feedback.notes?.workOn).toContainEqual({
      key: 'storyMissing',
      values: { parts: ['situation', 'task', 'action'] },
    });
  });
});
