import type { InterviewSetup } from '@coach/shared/constants/interview';
import { isFillerWord, paceVerdict } from '@coach/shared/constants/speech';
import {
  type ANSWERED_STAGES,
  type AnswerLength,
  type InterviewAnswerAnalysis,
  type InterviewContent,
  type InterviewFeedback,
  type InterviewStrengthNote,
  type InterviewWorkOnNote,
  interviewNoteText,
  OPENING_FACTS,
  STAR_PARTS,
  type StarPart,
} from '@coach/shared/contract/interview';
import { GENERAL_ROLE, industryIn, type RoleFamily, roleIn } from './interview-banks.ts';
import { storyParts } from './star-story.ts';

// What an interview answer says, by rules: its length, the parts a stage asks for, the role's words;
// and the built-in summing up from those checks and the speech analytics. Pure functions of text and numbers.

export type AnsweredStage = (typeof ANSWERED_STAGES)[number];

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

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Tips that always hold, for when the answers leave fewer than three things to work on. */
const STANDING_TIPS: InterviewWorkOnNote[] = [
  { key: 'closeWithSummary', values: {} },
  { key: 'askQuestions', values: {} },
  { key: 'practiseOpening', values: {} },
];

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The summing up from its notes: the English sentences beside the notes each reader sees in their language. */
const feedbackOf = (strengths: InterviewStrengthNote[], workOn: InterviewWorkOnNote[]): InterviewFeedback => {
  const notes = {
    strengths: (strengths.length ? strengths : [{ key: 'answeredAll' as const, values: {} }]).slice(0, 5),
    workOn: [...workOn, ...STANDING_TIPS].slice(0, 3),
  };
  return {
    strengths: notes.strengths.map(interviewNoteText),
    workOn: notes.workOn.map(interviewNoteText),
    notes,
  };
};

/**
 * The built-in summing up: strengths and exactly three things to work on, from the speech analytics
 * of every answer (pace, fillers, pauses) and the content checks (the opening's three facts, answer length,
 * the STAR story, the role's words). Answers not heard are named first.
 */
export const builtinInterviewFeedback = (answers: HeardAnswer[]): InterviewFeedback => {
  const strengths: InterviewStrengthNote[] = [];
  const workOn: InterviewWorkOnNote[] = [];
  const unheard = answers.filter(({ analysis }) => analysis.speech.status !== 'done');
  if (unheard.length) workOn.push({ key: 'unheard', values: { stages: unheard.map(({ stage }) => stage) } });
  const heard = answers.flatMap(({ stage, analysis }) =>
    analysis.speech.status === 'done' && analysis.content
      ? [{ stage, speech: analysis.speech, content: analysis.content }]
      : [],
  );
  if (heard.length === 0) return feedbackOf([{ key: 'tookPart', values: {} }], workOn);

  const pace = Math.round(mean(heard.map(({ speech }) => speech.wordsPerMinute)));
  const verdict = paceVerdict(pace);
  if (verdict === 'good') strengths.push({ key: 'goodPace', values: { pace } });
  else workOn.push({ key: verdict === 'too-fast' ? 'tooFast' : 'tooSlow', values: { pace } });

  const fillers = heard.reduce((sum, { speech }) => sum + speech.fillers.count, 0);
  const words = heard.reduce((sum, { content }) => sum + content.wordCount, 0);
  const fillerRate = words ? (fillers / words) * 100 : 0;
  if (fillerRate >= 3)
    workOn.push({ key: 'fillers', values: { count: fillers, rate: oneDecimal(fillerRate) } });
  else strengths.push({ key: fillers === 0 ? 'noFillers' : 'fewFillers', values: {} });

  const longest = Math.max(...heard.map(({ speech }) => speech.longestPauseSeconds));
  if (longest >= 4) workOn.push({ key: 'longPauses', values: { seconds: oneDecimal(longest) } });

  const opening = heard.find(({ stage }) => stage === 'POSITION')?.content.mentioned;
  if (opening) {
    const missing = OPENING_FACTS.filter((key) => !opening[key]);
    if (missing.length === 0) strengths.push({ key: 'clearOpening', values: {} });
    else workOn.push({ key: 'openingMissing', values: { facts: missing } });
  }

  const star = heard.find(({ stage }) => stage === 'BEHAVIOURAL')?.content.star;
  if (star) {
    const missing = STAR_PARTS.filter((part) => !star[part]);
    if (missing.length === 0) strengths.push({ key: 'completeStory', values: {} });
    else workOn.push({ key: 'storyMissing', values: { parts: missing } });
  }

  const short = heard.filter(({ content }) => content.length === 'short');
  const long = heard.filter(({ content }) => content.length === 'long');
  if (short.length) workOn.push({ key: 'shortAnswers', values: { stages: short.map(({ stage }) => stage) } });
  else if (long.length) workOn.push({ key: 'longAnswers', values: {} });
  else strengths.push({ key: 'goodLength', values: {} });

  const used = [...new Set(heard.flatMap(({ content }) => content.keywords.used))];
  const suggested = [...new Set(heard.flatMap(({ content }) => content.keywords.suggested))].filter(
    (keyword) => !used.includes(keyword),
  );
  if (used.length >= 3) strengths.push({ key: 'roleWords', values: { words: used.slice(0, 4) } });
  else if (suggested.length) workOn.push({ key: 'useRoleWords', values: { words: suggested.slice(0, 3) } });

  return feedbackOf(strengths, workOn);
};
