import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { id, paged, searchText } from './envelope.ts';

// Pronunciation configuration (spec §2 /enterprise/config/pronunciation; §6: it uses the groups
// permission). Each group may save the accent its Pronunciation tasks are scored against, the score that
// passes and how strictly sounds are judged; a group without a saved row uses the defaults.
const P = `${API_BASE.enterprise}/config/pronunciation`;

export const PRONUNCIATION_PAGE_SIZE = 10;

/** Accents a Pronunciation task is scored against (BCP 47 tags, as speech engines name them). */
export const PRONUNCIATION_ACCENTS = ['en-US', 'en-GB', 'en-AU', 'en-IN'] as const;
export type PronunciationAccent = (typeof PRONUNCIATION_ACCENTS)[number];

export const PRONUNCIATION_ACCENT_LABELS = {
  'en-US': 'American English',
  'en-GB': 'British English',
  'en-AU': 'Australian English',
  'en-IN': 'Indian English',
} as const satisfies Record<PronunciationAccent, string>;

/** How strictly sounds are judged, most forgiving first (the order also ranks strictness). */
export const PRONUNCIATION_STRICTNESS = ['lenient', 'standard', 'strict'] as const;
export type PronunciationStrictness = (typeof PRONUNCIATION_STRICTNESS)[number];

export const PRONUNCIATION_STRICTNESS_LABELS = {
  lenient: 'Lenient',
  standard: 'Standard',
  strict: 'Strict',
} as const satisfies Record<PronunciationStrictness, string>;

export const PRONUNCIATION_STRICTNESS_DESCRIPTIONS = {
  lenient: 'Accepts close sounds and a noticeable accent; good for beginners.',
  standard: 'Expects clear, understandable sounds with minor slips allowed.',
  strict: 'Expects near-native sounds, stress and rhythm on every word.',
} as const satisfies Record<PronunciationStrictness, string>;

/**
 * Which try counts when a learner has several at a scored task: the best score, or the latest. A
 * group rule beside its pass mark; 'best' until someone chooses.
 */
export const ATTEMPT_COUNTS = ['best', 'latest'] as const;
export type AttemptCounts = (typeof ATTEMPT_COUNTS)[number];

export type PronunciationSettings = {
  accent: PronunciationAccent;
  passingScore: number;
  strictness: PronunciationStrictness;
  attemptCounts: AttemptCounts;
};

/** What a group uses until someone saves its settings. */
export const DEFAULT_PRONUNCIATION_SETTINGS = {
  accent: 'en-US',
  passingScore: 70,
  strictness: 'standard',
  attemptCounts: 'best',
} as const satisfies PronunciationSettings;

export const groupPronunciationSchema = z.object({
  groupId: id(),
  groupName: z.string(),
  /** Its members who have joined; an invitee in the group counts in `invitedCount` until they accept. */
  memberCount: z.number().int().min(0),
  /** Its people invited, not joined yet (as the groups list counts them). */
  invitedCount: z.number().int().min(0),
  accent: z.enum(PRONUNCIATION_ACCENTS),
  passingScore: z.number().int().min(0).max(100),
  strictness: z.enum(PRONUNCIATION_STRICTNESS),
  /** Which try counts when a learner tries a scored task again. */
  attemptCounts: z.enum(ATTEMPT_COUNTS),
  /** True while the group has no saved settings and uses DEFAULT_PRONUNCIATION_SETTINGS. */
  isDefault: z.boolean(),
});
export type GroupPronunciation = z.output<typeof groupPronunciationSchema>;

export const pronunciationConfig = {
  list: defineCall({
    method: 'POST',
    path: `${P}/get-settings`,
    reads: true,
    auth: 'enterprise',
    permission: 'groups',
    feature: 'enablePronunciationFeature',
    request: z.strictObject({
      searchQuery: searchText(),
      currentPage: z.number({ error: 'Page must be a whole number' }).int().min(1).default(1),
    }),
    response: paged(groupPronunciationSchema),
  }),
  update: defineCall({
    method: 'POST',
    path: `${P}/update-settings`,
    auth: 'enterprise',
    permission: 'groups',
    feature: 'enablePronunciationFeature',
    request: z.strictObject({
      groupId: id(),
      accent: z.enum(PRONUNCIATION_ACCENTS, { error: 'Choose an accent' }),
      passingScore: z
        .number({ error: 'Passing score is 0 to 100' })
        .int('Passing score is a whole number')
        .min(0, 'Passing score is 0 to 100')
        .max(100, 'Passing score is 0 to 100'),
      strictness: z.enum(PRONUNCIATION_STRICTNESS, { error: 'Choose lenient, standard or strict' }),
      /** Left out, the group keeps the rule it has (best until chosen). */
      attemptCounts: z.enum(ATTEMPT_COUNTS, { error: 'Choose best or latest' }).optional(),
    }),
    response: groupPronunciationSchema,
  }),
};
