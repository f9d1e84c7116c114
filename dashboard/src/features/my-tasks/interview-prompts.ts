// The prompts live in @coach/shared so the learner's screen and the reviewer's interview messages agree.
export { type InterviewPrompt, interviewOpening, interviewPrompts } from '@coach/shared/constants/interview';
