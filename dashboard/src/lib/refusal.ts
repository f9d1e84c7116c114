import { FEATURE_FLAGS, type FeatureFlagKey } from '@coach/shared/constants/features';
import type { AccessVerdict } from '@coach/shared/permissions';
import { paths } from '../config/paths.ts';

/** The unauthorized page's query parameter naming the enterprise feature that is switched off. */
export const FEATURE_PARAM = 'feature';

/**
 * Where a refused enterprise screen sends the person: the unauthorized page, which names the switched-off feature
 * when that is why (`canCall`'s `feature` reason: a platform admin's flag, not the role), so the page does not
 * blame a role that is fine.
 */
export const refusalPath = (verdict: AccessVerdict | null): string =>
  verdict?.allowed === false && verdict.reason === 'feature'
    ? `${paths.enterprise.unauthorized}?${FEATURE_PARAM}=${encodeURIComponent(verdict.feature)}`
    : paths.enterprise.unauthorized;

/** The feature flag a refusal names (the page's query parameter), when it is one. */
export const refusedFeature = (value: string | null): FeatureFlagKey | null =>
  FEATURE_FLAGS.find((flag) => flag.key === value)?.key ?? null;
