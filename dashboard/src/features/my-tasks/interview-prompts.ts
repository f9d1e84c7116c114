import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';

// The prompts live in @coach/shared so the learner's screen and the reviewer's interview messages agree.
export { type InterviewPrompt, interviewOpening, interviewPrompts } from '@coach/shared/constants/interview';

/** The interviewer's voice by the task's region, as its opening line is ("G'day" in an Australian accent). */
const REGION_ACCENTS: { match: RegExp; accent: PronunciationAccent }[] = [
  { match: /austral|\bau\b|new zealand|\bnz\b|oceania|pacific/i, accent: 'en-AU' },
  { match: /\buk\b|united kingdom|britain|england|scotland|wales|ireland|europe|\beu\b/i, accent: 'en-GB' },
  { match: /\bus\b|\busa\b|united states|america|canada/i, accent: 'en-US' },
  { match: /india/i, accent: 'en-IN' },
];

/** The accent the interviewer speaks with for `region`; undefined leaves it to the learner's own. */
export const interviewAccent = (region: string): PronunciationAccent | undefined =>
  REGION_ACCENTS.find(({ match }) => match.test(region))?.accent;
