import type { InterviewSetup } from '@coach/shared/constants/interview';
import { isFillerWord, paceVerdict } from '@coach/shared/constants/speech';
import type {
  AnswerLength,
  InterviewAnswerAnalysis,
  InterviewContent,
  InterviewFeedback,
  StarPart,
} from '@coach/shared/contract/interview';
import { GENERAL_ROLE, industryIn, type RoleFamily, roleIn } from './interview-banks.ts';
import { storyParts } from './star-story.ts';

// What an interview answer says, by rules: its length, the parts a stage asks for, the role's words;
// and the built-in summing up from those checks and the speech analytics. Pure functions of text and numbers.

export type AnsweredStage = 'POSITION' | 'ICEBREAKING' | 'TECHNICAL' | 'BEHAVIOURAL';

const STAGE_NAMES: Record<AnsweredStage, string> = {
  POSITION: 'opening',
  ICEBREAKING: 'getting-to-know-you',
  TECHNICAL: 'technical',
  BEHAVIOURAL: 'behavioural',
};

/** Fewer words than this is a short answer (the opening needs less than a story). */
const SHORT_BELOW: Record<AnsweredStage, number> = {
  POSITION: 15,
  ICEBREAKING: 30,
  TECHNICAL: 30,
  BEHAVIOURAL: 40,
};
/** More words than this (about three minutes spoken) is a long answer. */
const LONG_ABOVE = 400;

/** The words of a transcript, lower case, fillers left out. */
export const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [])
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word && !isFillerWord(word));

/**
 * Whether the answer used a keyword in any of its forms: "negotiate" matches "negotiating", "customer" matches
 * "customers", "priority" matches "priorities" (the stem is the word less a final e or y); a phrase matches as
 * consecutive words, and a compound heard as two words ("hand over") as one.
 */
const keywordUsed = (words: string[], keyword: string) => {
  const parts = keyword.split(' ');
  const stems = parts.map((part) => (part.length > 4 ? part.replace(/[ey]$/, '') : part));
  return words.some(
    (word, start) =>
      stems.every((stem, offset) => {
        const next = words[start + offset];
        return (
          next !== undefined && (offset === stems.length - 1 ? next.startsWith(stem) : next === parts[offset])
        );
      }) ||
      // A compound heard as two words ("hand over" for "handover").
      (stems.length === 1 &&
        `${word}${words[start + 1] ?? ''}`.startsWith(stems[0] ?? '') &&
        word.length < (stems[0]?.length ?? 0)),
  );
};

/** The role behind the interview: as the learner named it in the opening, else the task's job title. */
export const roleOf = (setup: InterviewSetup, opening?: string | null) =>
  (opening ? roleIn(opening) : null) ?? roleIn(setup.jobTitle, 'last') ?? GENERAL_ROLE;

/**
 * The job title and industry the learner gave in the opening (the next questions are chosen for
 * them), where the rules recognise them; else the task's.
 */
export const heardSetup = (setup: InterviewSetup, opening: string | null): InterviewSetup => {
  if (!opening) return setup;
  const said = roleIn(opening);
  const task = roleIn(setup.jobTitle, 'last');
  const industry = industryIn(opening);
  const match = said ? opening.match(said.match) : null;
  return {
    ...setup,
    jobTitle: said && said.key !== task?.key && match ? match[0].toLowerCase() : setup.jobTitle,
    industry: industry && industry.key !== industryIn(setup.industry)?.key ? industry.label : setup.industry,
  };
};

const mentions = (text: string, phrase: string) => {
  const said = new Set(wordsOf(text));
  const words = wordsOf(phrase).filter((word) => word.length > 2);
  return words.length > 0 && words.some((word) => said.has(word));
};

/** The rule-based checks of one heard answer. */
export const analyseAnswerContent = ({
  stage,
  transcript,
  setup,
  role,
}: {
  stage: AnsweredStage;
  transcript: string;
  setup: InterviewSetup;
  role: RoleFamily;
}): InterviewContent => {
  const words = wordsOf(transcript);
  const text = words.join(' ');
  const length: AnswerLength =
    words.length < SHORT_BELOW[stage] ? 'short' : words.length > LONG_ABOVE ? 'long' : 'good';
  const used = role.keywords.filter((keyword) => keywordUsed(words, keyword));
  const suggested = role.keywords.filter((keyword) => !used.includes(keyword)).slice(0, 3);
  return {
    wordCount: words.length,
    length,
    mentioned:
      stage === 'POSITION'
        ? {
            jobTitle: roleIn(text) !== null || mentions(text, setup.jobTitle),
            industry: industryIn(text) !== null || mentions(text, setup.industry),
            location:
              mentions(text, setup.location) ||
              /\b(based|located|live|living|work|working|stay|staying) (in|near|around)\b|\b(relocat\w*|mov(e|ing)|come|coming) (to|over to)\b|\b(remote|remotely|from home|hybrid)\b|\b(this|the|your) (city|area|region|office)\b/.test(
                text,
              ),
          }
        : null,
    star: stage === 'BEHAVIOURAL' ? storyParts(transcript) : null,
    keywords: { used, suggested },
  };
};

export type HeardAnswer = {
  stage: AnsweredStage;
  question: string;
  analysis: InterviewAnswerAnalysis;
};

/**
 * Whether a summing up calls a part of the behavioural story missing or unclear when its check found it (a model's
 * summing up is checked so; the learner sees the checks beside the answer, and the two must agree).
 */
export const contradictsStoryChecks = (feedback: InterviewFeedback, answers: HeardAnswer[]) => {
  const star = answers.find(({ stage }) => stage === 'BEHAVIOURAL')?.analysis.content?.star;
  if (!star) return false;
  const found = (Object.keys(star) as StarPart[]).filter((part) => star[part]);
  return feedback.workOn.some((line) =>
    line
      .toLowerCase()
      // The method named as a whole ("situation, task, action and result") is advice, not a verdict on a part.
      .replace(/situation,? task,? action,? (and )?result/g, 'STAR')
      .split(/(?<=[.;:!?])\s+/)
      .some(
        (sentence) =>
          /\b(not|no|never|missing|unclear|vague|lacked|lacking|without|forgot|left out|didn't|did not)\b/.test(
            sentence,
          ) && found.some((part) => new RegExp(`\\b${part}s?\\b`).test(sentence)),
      ),
  );
};

/** "a", "a and b", "a, b and c". */
const listOf = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Tips that always hold, for when the answers leave fewer than three things to work on. */
const STANDING_TIPS = [
  'Close each answer with one sentence that sums it up, so the interviewer remembers your point.',
  'Prepare two questions to ask the interviewer at the end; it shows you have thought about the role.',
  'Practise your opening until it takes under a minute: who you are, the role you want and why.',
];

/**
 * The built-in summing up: strengths and exactly three things to work on, from the speech analytics
 * of every answer (pace, fillers, pauses) and the content checks (the opening's three facts, answer length,
 * the STAR story, the role's words). Answers not heard are named first.
 */
export const builtinInterviewFeedback = (answers: HeardAnswer[]): InterviewFeedback => {
  const strengths: string[] = [];
  const workOn: string[] = [];
  const unheard = answers.filter(({ analysis }) => analysis.speech.status !== 'done');
  if (unheard.length)
    workOn.push(
      `We could not hear your ${listOf(unheard.map(({ stage }) => STAGE_NAMES[stage]))} answer${unheard.length > 1 ? 's' : ''}: record ${unheard.length > 1 ? 'them' : 'it'} again in a quiet place, close to the microphone.`,
    );
  const heard = answers.flatMap(({ stage, analysis }) =>
    analysis.speech.status === 'done' && analysis.content
      ? [{ stage, speech: analysis.speech, content: analysis.content }]
      : [],
  );
  if (heard.length === 0)
    return {
      strengths: ['You took part in every stage of the interview.'],
      workOn: [...workOn, ...STANDING_TIPS].slice(0, 3),
    };

  const pace = Math.round(mean(heard.map(({ speech }) => speech.wordsPerMinute)));
  const verdict = paceVerdict(pace);
  if (verdict === 'good') strengths.push(`A comfortable pace of about ${pace} words a minute.`);
  else
    workOn.push(
      verdict === 'too-fast'
        ? `Slow down: about ${pace} words a minute is fast for an interview; aim for 100 to 165 and pause between points.`
        : `Pick up the pace a little: about ${pace} words a minute is slow; aim for 100 to 165.`,
    );

  const fillers = heard.reduce((sum, { speech }) => sum + speech.fillers.count, 0);
  const words = heard.reduce((sum, { content }) => sum + content.wordCount, 0);
  const fillerRate = words ? (fillers / words) * 100 : 0;
  if (fillerRate >= 3)
    workOn.push(
      `Cut the fillers: ${fillers} "um"s and "uh"s, ${fillerRate.toFixed(1)} per 100 words. A short silent pause sounds more confident.`,
    );
  else strengths.push(fillers === 0 ? 'No filler words at all.' : 'Very few filler words.');

  const longest = Math.max(...heard.map(({ speech }) => speech.longestPauseSeconds));
  if (longest >= 4)
    workOn.push(
      `Plan your answers so the pauses stay short: the longest was ${longest.toFixed(1)} seconds. Outline the point, the example and the result before you start.`,
    );

  const opening = heard.find(({ stage }) => stage === 'POSITION')?.content.mentioned;
  if (opening) {
    const missing = (['jobTitle', 'industry', 'location'] as const)
      .filter((key) => !opening[key])
      .map((key) => ({ jobTitle: 'the job title', industry: 'the industry', location: 'the location' })[key]);
    if (missing.length === 0)
      strengths.push('A clear opening: the job title, industry and location all said.');
    else
      workOn.push(
        `Open with the facts the interviewer asked for: you did not say ${listOf(missing).replace(/ and (?=[^,]*$)/, ' or ')}.`,
      );
  }

  const star = heard.find(({ stage }) => stage === 'BEHAVIOURAL')?.content.star;
  if (star) {
    const missing = (Object.keys(star) as StarPart[]).filter((part) => !star[part]);
    if (missing.length === 0)
      strengths.push('Your behavioural answer told a complete story: situation, task, action and result.');
    else
      workOn.push(
        `Tell the behavioural story in four parts (situation, task, action, result): the ${missing.join(' and the ')} ${missing.length > 1 ? 'were' : 'was'} not clear.`,
      );
  }

  const short = heard.filter(({ content }) => content.length === 'short');
  const long = heard.filter(({ content }) => content.length === 'long');
  if (short.length)
    workOn.push(
      `Give fuller answers: your ${listOf(short.map(({ stage }) => STAGE_NAMES[stage]))} answer${short.length > 1 ? 's were' : ' was'} short. Add an example and what came of it.`,
    );
  else if (long.length)
    workOn.push('Keep each answer to about two minutes: make the point first, then one example.');
  else strengths.push('Answers of a good length, with room for an example.');

  const used = [...new Set(heard.flatMap(({ content }) => content.keywords.used))];
  const suggested = [...new Set(heard.flatMap(({ content }) => content.keywords.suggested))].filter(
    (keyword) => !used.includes(keyword),
  );
  if (used.length >= 3) strengths.push(`You used the language of the role (${used.slice(0, 4).join(', ')}).`);
  else if (suggested.length)
    workOn.push(
      `Use the language of the role: words such as ${suggested.slice(0, 3).join(', ')} show you know the work.`,
    );

  return {
    strengths: (strengths.length ? strengths : ['You answered every stage of the interview.']).slice(0, 5),
    workOn: [...workOn, ...STANDING_TIPS].slice(0, 3),
  };
};
