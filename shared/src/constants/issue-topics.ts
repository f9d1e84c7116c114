/** Issue topics (spec §9). */
export const ISSUE_TOPICS = [
  'Work - life balance',
  'Managing conflict',
  'Insufficient training',
  'Motivation/lack of opportunity',
  'Stress/Overworked',
  'Performance',
  'IVR-Personalised',
  'IVR-Coaching',
] as const;
export type IssueTopic = (typeof ISSUE_TOPICS)[number];
