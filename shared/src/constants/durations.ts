/**
 * Expiry/duration choices in seconds (spec §9). The spec labels 3600, 86400, 604800, 1296000, 2592000 and
 * 5184000; the labels of the others follow the same pattern.
 */
export const EXPIRY_CHOICES = [
  { seconds: 3600, label: '1 Hour' },
  { seconds: 7200, label: '2 Hours' },
  { seconds: 14400, label: '4 Hours' },
  { seconds: 28800, label: '8 Hours' },
  { seconds: 43200, label: '12 Hours' },
  { seconds: 86400, label: '1 Day' },
  { seconds: 172800, label: '2 Days' },
  { seconds: 604800, label: '7 Days' },
  { seconds: 1296000, label: '15 Days' },
  { seconds: 2592000, label: '30 Days' },
  { seconds: 5184000, label: '60 Days' },
] as const;

/** A week, the expiry a task gets when nobody chose one (the demo's tasks, a video's task, a drafted task). */
export const EXPIRY_ONE_WEEK = 604_800 as const satisfies ExpirySeconds;

/** The allowed expiry values in seconds (spec §9). */
export const EXPIRY_SECONDS = EXPIRY_CHOICES.map(({ seconds }) => seconds);
export type ExpirySeconds = (typeof EXPIRY_CHOICES)[number]['seconds'];

/** Time choices in minutes (spec §9). */
export const TIME_CHOICES_MINUTES = [5, 10, 15, 30] as const;
export type TimeChoiceMinutes = (typeof TIME_CHOICES_MINUTES)[number];
