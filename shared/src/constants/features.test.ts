import { describe, expect, it } from 'vitest';
import { type FeatureFlags, featureFlagsSchema } from '../contract/auth.ts';
import {
  DEFAULT_FEATURE_FLAGS,
  FEATURE_FLAGS,
  type FeatureFlagKey,
  isFeatureOn,
  isTaskTypeOn,
  switchFeature,
} from './features.ts';

describe('feature flags (spec §3)', () => {
  it('covers every flag of the contract once', () => {
    const keys = FEATURE_FLAGS.map(({ key }) => key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(featureFlagsSchema.shape).sort());
    expect(featureFlagsSchema.parse(DEFAULT_FEATURE_FLAGS)).toEqual(DEFAULT_FEATURE_FLAGS);
    // The same keys for the compiler: the contract's flags and this module's (which imports no contract).
    const sameKeys: [keyof FeatureFlags] extends [FeatureFlagKey]
      ? [FeatureFlagKey] extends [keyof FeatureFlags]
        ? true
        : false
      : false = true;
    expect(sameKeys).toBe(true);
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

  it('closes Read and Read & Record with the read flag, and with communication-ready above it', () => {
    const off = { ...DEFAULT_FEATURE_FLAGS, enableReadFeature: false };
    expect(isTaskTypeOn(off, 1)).toBe(false);
    expect(isTaskTypeOn(off, 5)).toBe(false);
    expect(isTaskTypeOn(off, 2)).toBe(true);
    const parentOff = { ...DEFAULT_FEATURE_FLAGS, enableCommunicationReadyFeature: false };
    expect([1, 2, 4, 5].map((type) => isTaskTypeOn(parentOff, type as 1 | 2 | 4 | 5))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isTaskTypeOn({ ...DEFAULT_FEATURE_FLAGS, enableInterviewReadyFeature: false }, 6)).toBe(false);
    // Video, Free Text and Multiple Choice belong to no flag.
    const allOff = Object.fromEntries(
      Object.keys(DEFAULT_FEATURE_FLAGS).map((k) => [k, false]),
    ) as unknown as FeatureFlags;
    expect([3, 7, 8].every((type) => isTaskTypeOn(allOff, type as 3 | 7 | 8))).toBe(true);
  });

  it('switching a parent off switches its children off, and switching it on again switches them on', () => {
    const off = switchFeature(DEFAULT_FEATURE_FLAGS, 'enableCommunicationReadyFeature', false);
    expect(off).toMatchObject({
      enableCommunicationReadyFeature: false,
      enablePronunciationFeature: false,
      enableVocabularyFeature: false,
      enableReadFeature: false,
      enableSpeakFreelyFeature: false,
      enableCallFeature: false,
      enableInterviewReadyFeature: true,
    });
    expect(switchFeature(off, 'enableCommunicationReadyFeature', true)).toEqual(DEFAULT_FEATURE_FLAGS);
    expect(switchFeature(DEFAULT_FEATURE_FLAGS, 'enableReadFeature', false)).toEqual({
      ...DEFAULT_FEATURE_FLAGS,
      enableReadFeature: false,
    });
  });
});
