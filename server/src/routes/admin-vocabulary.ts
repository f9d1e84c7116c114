import { adminVocabulary, vocabularyPractice } from '@coach/shared/contract/admin-vocabulary';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/platform/admin-vocabulary.ts';

/** The platform vocabulary list; the adapter has refused every token but a platform admin's. */
export const adminVocabularyRoutes: Registration[] = [
  serve(adminVocabulary.list, ({ ctx, input }) => service.listVocabulary(ctx, input)),
  serve(adminVocabulary.categories, ({ ctx }) => service.vocabularyCategories(ctx)),
  serve(adminVocabulary.add, ({ ctx, input }) => service.addWord(ctx, input)),
  serve(adminVocabulary.edit, ({ ctx, input }) => service.editWord(ctx, input)),
  serve(adminVocabulary.remove, ({ ctx, input }) => service.deleteWord(ctx, input)),
  serve(adminVocabulary.importCsv, ({ ctx, input }) => service.importVocabulary(ctx, input)),
  // The learner's side: vocabulary practice reads the list (feature flag checked by the adapter).
  serve(vocabularyPractice.practiceWords, ({ ctx, input }) => service.practiceWords(ctx, input)),
];
