import type { DeliveryAttempt } from '@coach/shared/contract/integrations';

/** What went wrong on a try, in words a reader knows; the server's own text stays available as the detail. */
export type DeliveryFailure =
  | 'certificate-mismatch'
  | 'certificate-untrusted'
  | 'refused'
  | 'timeout'
  | 'not-found'
  | 'not-public'
  | 'reset'
  | 'other';

/**
 * Node's errors as the delivery log stores them (the error code first when Node gave one, then its message;
 * services/integrations/integration-delivery.ts), matched to the common failures. The first match wins.
 */
const FAILURES: readonly [DeliveryFailure, RegExp][] = [
  ['certificate-mismatch', /ERR_TLS_CERT_ALTNAME_INVALID|does not match certificate's altnames/i],
  [
    'certificate-untrusted',
    /SELF_SIGNED|self[- ]signed|UNABLE_TO_VERIFY|unable to verify|UNABLE_TO_GET_ISSUER|CERT_HAS_EXPIRED|certificate has expired|CERT_UNTRUSTED|CERT_NOT_YET_VALID|certificate/i,
  ],
  ['refused', /ECONNREFUSED/],
  ['timeout', /Timed out after|ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_CONNECT_TIMEOUT/],
  ['not-found', /ENOTFOUND|EAI_AGAIN|could not be found/],
  ['not-public', /non-public address|Must be a public address|Must be an https address/],
  ['reset', /ECONNRESET|EPIPE|socket hang up/],
];

/** A finished try's outcome: the status code the receiver answered with, or the kind of failure when none came. */
export const outcomeOf = (
  attempt: Pick<DeliveryAttempt, 'statusCode' | 'error'>,
): { kind: 'http'; status: number } | { kind: DeliveryFailure } => {
  if (attempt.statusCode !== null) return { kind: 'http', status: attempt.statusCode };
  const error = attempt.error ?? '';
  return { kind: FAILURES.find(([, pattern]) => pattern.test(error))?.[0] ?? 'other' };
};
