import type { FeatureFlags } from '../contract/auth.ts';

export type FeatureFlagKey = keyof FeatureFlags;

/**
 * The per-enterprise feature flags of spec §3 with labels, in display order. A child (with `parent`) cannot
 * be on while its parent is off (issue 7).
 */
export const FEATURE_FLAGS = [
  { key: 'enableCourseFeature', label: 'MarketPlace', parent: null },
  { key: 'enableInterviewReadyFeature', label: 'Interview Ready', parent: null },
  { key: 'enableCommunicationReadyFeature', label: 'Communication Ready', parent: null },
  { key: 'enablePronunciationFeature', label: 'Pronunciation', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableVocabularyFeature', label: 'Vocabulary', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableReadFeature', label: 'Read', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableSpeakFreelyFeature', label: 'Speak Freely', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableCallFeature', label: 'Call', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableSoftSkillsReadyFeature', label: 'Soft Skills Ready', parent: null },
  { key: 'enableRateYourJourneyFeature', label: 'Rate Your Journey', parent: null },
  { key: 'enableFlashCardFeature', label: 'Flash Cards', parent: null },
  { key: 'enableCompanyInfoFeature', label: 'Company Info', parent: null },
  { key: 'enableTaskAttachmentUpload', label: 'Task Attachment Upload', parent: null },
] as const satisfies readonly { key: FeatureFlagKey; label: string; parent: FeatureFlagKey | null }[];

/** Flags of a new enterprise: everything on except the marketplace and company info (admin opt-in). */
export const DEFAULT_FEATURE_FLAGS = {
  enableCourseFeature: false,
  enableInterviewReadyFeature: true,
  enableCommunicationReadyFeature: true,
  enablePronunciationFeature: true,
  enableVocabularyFeature: true,
  enableReadFeature: true,
  enableSpeakFreelyFeature: true,
  enableCallFeature: true,
  enableSoftSkillsReadyFeature: true,
  enableRateYourJourneyFeature: true,
  enableFlashCardFeature: true,
  enableCompanyInfoFeature: false,
  enableTaskAttachmentUpload: false,
} as const satisfies FeatureFlags;

/** A flag is effective only when it and its parent are on (issue 7: a child cannot be on while its parent is off). */
export const isFeatureOn = (flags: FeatureFlags, key: FeatureFlagKey): boolean => {
  const def = FEATURE_FLAGS.find((f) => f.key === key);
  if (!flags[key]) return false;
  return def?.parent ? flags[def.parent] : true;
};
