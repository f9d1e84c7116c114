import { withIndefiniteArticle } from '../format/indefinite-article.ts';
import type { InterviewStage } from './task-types.ts';

/** The interview a Get Interview Ready task (type 6) sets up. */
export type InterviewSetup = { jobTitle: string; industry: string; location: string; region: string };

/** Stages the learner answers aloud; FEEDBACK is the reviewer's turn (spec §4). */
export const ANSWERED_INTERVIEW_STAGES = ['POSITION', 'ICEBREAKING', 'TECHNICAL', 'BEHAVIOURAL'] as const;

/** Interview openings by region (spec §4: the intro differs by region); the first match wins. */
const REGION_OPENINGS: { match: RegExp; opening: string }[] = [
  {
    match: /austral|\bau\b|new zealand|\bnz\b|oceania|pacific/i,
    opening: "G'day, and thanks for coming in to chat with us today.",
  },
  {
    match: /\buk\b|united kingdom|britain|england|scotland|wales|ireland|europe|\beu\b/i,
    opening: 'Good morning, and thank you for joining us today.',
  },
  {
    match: /\bus\b|\busa\b|united states|america|canada/i,
    opening: 'Hi there, thanks so much for taking the time to meet with us today.',
  },
  {
    match: /india|asia|singapore|malaysia|philippines|middle east|gulf|\buae\b|emirates/i,
    opening: 'Hello and welcome. Thank you for making the time for this interview today.',
  },
];
const DEFAULT_OPENING = 'Hello, and welcome to your practice interview.';

/**
 * The regions a Get Interview Ready task offers (spec §4: the intro differs by region), each meeting one of the
 * openings above ('International' meets the general one): add-task and edit-task take only these. A task saved
 * before with another region still loads and opens with the first opening its region matches, or the general one.
 */
export const INTERVIEW_REGIONS = [
  'Australia',
  'New Zealand',
  'Asia Pacific',
  'United Kingdom',
  'Ireland',
  'Europe',
  'United States',
  'Canada',
  'North America',
  'Latin America',
  'India',
  'Asia',
  'Middle East',
  'International',
] as const;
export type InterviewRegion = (typeof INTERVIEW_REGIONS)[number];

/** Whether a region is one of the supported ones (exactly as listed). */
export const isInterviewRegion = (region: string): region is InterviewRegion =>
  (INTERVIEW_REGIONS as readonly string[]).includes(region);

/** The region's opening line of the interview. */
export const interviewOpening = (region: string) =>
  REGION_OPENINGS.find(({ match }) => match.test(region))?.opening ?? DEFAULT_OPENING;

export type InterviewPrompt = { stage: InterviewStage; title: string; prompt: string };

/**
 * What the interviewer asks at each stage of a Get Interview Ready task (spec §4: POSITION, ICEBREAKING,
 * TECHNICAL, BEHAVIOURAL, then FEEDBACK from the reviewer), written from the task's job title, industry,
 * location and region. The opening asks the job title, industry and location.
 */
export const interviewPrompts = ({
  jobTitle,
  industry,
  location,
  region,
}: InterviewSetup): InterviewPrompt[] => [
  {
    stage: 'POSITION',
    title: 'The position',
    prompt: `${interviewOpening(region)} This is a practice interview for ${withIndefiniteArticle(jobTitle)} role in ${industry}, based in ${location}. To begin, please tell me the job title you are applying for, the industry and the location, and what draws you to this position.`,
  },
  {
    stage: 'ICEBREAKING',
    title: 'Getting to know you',
    prompt: `Tell me a little about yourself: your background, what you enjoy about working in ${industry}, and what you would bring to a team in ${location}.`,
  },
  {
    stage: 'TECHNICAL',
    title: 'Technical question',
    prompt: `What skills and knowledge matter most for ${withIndefiniteArticle(jobTitle)}? Describe a problem you solved with them, step by step, and what you would do differently today.`,
  },
  {
    stage: 'BEHAVIOURAL',
    title: 'Behavioural question',
    prompt:
      'Tell me about a time you faced a difficult situation at work, such as a tight deadline or a disagreement with a colleague. What was the situation, what did you do, and what was the result?',
  },
  {
    stage: 'FEEDBACK',
    title: 'Feedback',
    prompt: 'Your reviewer listens to your answers and their feedback will appear here.',
  },
];

/** The interviewer's words at one stage; the server stores them as the `request` of each interview message. */
export const interviewPrompt = (stage: InterviewStage, setup: InterviewSetup): string =>
  interviewPrompts(setup).find((item) => item.stage === stage)?.prompt ?? '';
