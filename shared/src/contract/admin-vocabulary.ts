import { z } from 'zod';
import { LEVEL_VALUES } from '../constants/levels.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, paged, searchText, text } from './envelope.ts';
import { importRowError } from './members.ts';
import { fileField } from './uploads.ts';

// The platform's vocabulary list (spec §2 /admin/vocabulary): words vocabulary practice draws from.
const V = `${API_BASE.admin}/vocabulary`;

export const VOCABULARY_PAGE_SIZE = 25;
export const VOCABULARY_WORD_MAX = 200;
export const VOCABULARY_TEXT_MAX = 1000;
export const VOCABULARY_CATEGORY_MAX = 64;
/** The columns of an import file, in this order on its first line. */
export const VOCABULARY_CSV_COLUMNS = ['word', 'meaning', 'example', 'level', 'category'] as const;
export const VOCABULARY_CSV_MAX_ROWS = 2000;

export const vocabularyLevelField = () =>
  z.union(
    LEVEL_VALUES.map((value) => z.literal(value)),
    { error: 'Level must be 1 to 4' },
  );

export const vocabularyWordSchema = z.object({
  _id: id(),
  word: z.string(),
  meaning: z.string(),
  example: z.string(),
  level: vocabularyLevelField(),
  category: z.string(),
  updatedAt: z.string(),
});
export type VocabularyWord = z.output<typeof vocabularyWordSchema>;

/** One word's fields; the import checks each CSV row against these same rules. */
export const vocabularyFields = {
  word: text({ error: 'Please enter the word' })
    .trim()
    .min(1, 'Please enter the word')
    .max(VOCABULARY_WORD_MAX, `At most ${VOCABULARY_WORD_MAX} characters`),
  meaning: text({ error: 'Please enter the meaning' })
    .trim()
    .min(1, 'Please enter the meaning')
    .max(VOCABULARY_TEXT_MAX, `At most ${VOCABULARY_TEXT_MAX} characters`),
  example: text({ error: 'Please enter an example sentence' })
    .trim()
    .min(1, 'Please enter an example sentence')
    .max(VOCABULARY_TEXT_MAX, `At most ${VOCABULARY_TEXT_MAX} characters`),
  level: vocabularyLevelField(),
  category: text({ error: 'Please enter the category' })
    .trim()
    .min(1, 'Please enter the category')
    .max(VOCABULARY_CATEGORY_MAX, `At most ${VOCABULARY_CATEGORY_MAX} characters`),
};

export const adminVocabulary = {
  list: defineCall({
    method: 'POST',
    path: `${V}/get-vocabulary-list`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      searchInput: searchText(),
      category: searchText(VOCABULARY_CATEGORY_MAX),
      currentPage: z.number({ error: 'Page must be a whole number' }).int().min(1).default(1),
    }),
    response: paged(vocabularyWordSchema),
  }),
  /** Every category in use, alphabetically, for the list's filter and the editor's suggestions. */
  categories: defineCall({
    method: 'POST',
    path: `${V}/get-categories`,
    auth: 'admin',
    permission: null,
    request: empty(),
    response: z.array(z.string()),
  }),
  add: defineCall({
    method: 'POST',
    path: `${V}/add-word`,
    auth: 'admin',
    permission: null,
    request: z.strictObject(vocabularyFields),
    response: vocabularyWordSchema,
  }),
  edit: defineCall({
    method: 'POST',
    path: `${V}/edit-word`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ wordId: id(), ...vocabularyFields }),
    response: vocabularyWordSchema,
  }),
  remove: defineCall({
    method: 'POST',
    path: `${V}/delete-word`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ wordId: id() }),
    response: z.object({ _id: id() }),
  }),
  /**
   * Words from a CSV file (columns of VOCABULARY_CSV_COLUMNS). All or nothing: a file with any bad row
   * (including a word already in the list or twice in the file) imports nothing and every bad row is reported.
   */
  importCsv: defineCall({
    method: 'POST',
    path: `${V}/import-csv`,
    auth: 'admin',
    permission: null,
    multipart: true,
    request: z.strictObject({ file: fileField() }),
    response: z.object({ imported: z.number().int(), errors: z.array(importRowError) }),
  }),
};

export const PRACTICE_WORDS_MAX = 50;

/**
 * Vocabulary practice (the enterprise's communication-ready child feature enableVocabularyFeature): the
 * words a learner's app practises, drawn at random from the platform list. Login only, no permission key;
 * 403 FEATURE_DISABLED while the enterprise's vocabulary feature is off.
 */
export const vocabularyPractice = {
  practiceWords: defineCall({
    method: 'POST',
    path: `${API_BASE.enterprise}/vocabulary/get-practice-words`,
    auth: 'enterprise',
    permission: null,
    feature: 'enableVocabularyFeature',
    request: z.strictObject({
      level: vocabularyLevelField().optional(),
      category: searchText(VOCABULARY_CATEGORY_MAX),
      count: z
        .number({ error: 'Count must be a whole number' })
        .int('Count must be a whole number')
        .min(1, 'Count must be at least 1')
        .max(PRACTICE_WORDS_MAX, `Count must be at most ${PRACTICE_WORDS_MAX}`)
        .default(10),
    }),
    response: z.array(vocabularyWordSchema),
  }),
};
