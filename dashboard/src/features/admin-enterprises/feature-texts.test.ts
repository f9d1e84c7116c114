import { FEATURE_CLOSES, FEATURE_FLAGS } from '@coach/shared/constants/features';
import { describe, expect, it } from 'vitest';
import english from '../../i18n/locales/en/admin-enterprises.json';

// The screen names flags by key from its namespace; the English must stay the shared constants' words, which
// the server's messages, the e2e journeys and docs/product.md use too.
describe('feature flag texts (spec §3)', () => {
  it('has the English label of every flag, as the shared constants say it', () => {
    expect(english.features).toEqual(Object.fromEntries(FEATURE_FLAGS.map(({ key, label }) => [key, label])));
  });

  it('says what switching each flag off closes, as the shared constants say it', () => {
    expect(english.closes).toEqual(FEATURE_CLOSES);
  });
});
