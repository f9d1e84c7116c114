import { describe, expect, it } from 'vitest';
import { featureFlagsSchema } from '../contract/auth.ts';
import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAGS, isFeatureOn } from './features.ts';

describe('feature flags (spec §3)', () => {
  it('covers every flag of the contract once', () => {
    const keys = FEATURE_FLAGS.map(({ key }) => key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(featureFlagsSchema.shape).sort());
    expect(featureFlagsSchema.parse(DEFAULT_FEATURE_FLAGS)).toEqual(DEFAULT_FEATURE_FLAGS);
  });

  it('nests pronunciation, vocabulary, read, speak freely and call under communication-ready', () => {
    expect(
      FEATURE_FLAGS.filter(({ parent }) => parent === 'enableCommunicationReadyFeature').map(
        ({ key }) => key,
      ),
    ).toEqual([
      'enablePronunciationFeature',
      'enableVocabularyFeature',
      'enableReadFeature',
      'enableSpeakFreelyFeature',
      'enableCallFeature',
    ]);
  });

  it('counts a child as off while its parent is off', () => {
    const flags = {
      ...DEFAULT_FEATURE_FLAGS,
      enableCommunicationReadyFeature: false,
      enableReadFeature: true,
    };
    expect(isFeatureOn(flags, 'enableReadFeature')).toBe(false);
    expect(isFeatureOn({ ...flags, enableCommunicationReadyFeature: true }, 'enableReadFeature')).toBe(true);
    expect(isFeatureOn(flags, 'enableCourseFeature')).toBe(false);
  });
});
