import { z } from 'zod';
import { accessTokenResponse, givenPasswordField } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, text } from './envelope.ts';

/**
 * Authenticator apps as a second factor (RFC 6238 TOTP), for enterprise members and platform
 * admins alike. A member enrols from their profile: `totp/start` gives a new secret as a QR code (and as text for
 * typing in), `totp/confirm` with a code from the app switches it on and answers the recovery codes, shown once and
 * kept only hashed. At sign-in, after the password, `mfa/auth/verify-totp` takes the app's code instead of a mailed
 * one, each code once; `mfa/auth/verify-recovery-code` takes a recovery code once, for a lost phone. Removing the
 * app asks for the password. Every change is audited and mailed to the account's address.
 */

/** A code from the app: 6 digits. */
export const totpCodeField = text().regex(/^\d{6}$/, 'The code is 6 digits');
/** A recovery code as shown (`xxxxx-xxxxx`, lower-case letters and digits); spaces and case are forgiven. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
export const recoveryCodeField = text()
  .trim()
  .toLowerCase()
  .regex(RECOVERY_CODE_PATTERN, 'A recovery code looks like abcde-12345');
/** Recovery codes made at each enrolment (any earlier ones stop working). */
export const RECOVERY_CODE_COUNT = 10;

export const factorsResponse = z.object({
  authenticatorApp: z.object({
    enabled: z.boolean(),
    /** When it was switched on, or null. */
    since: z.string().nullable(),
  }),
  /** Recovery codes not yet used (0 without an app). */
  recoveryCodesLeft: z.number().int(),
  /** Passkeys the account has (listed by general/auth/passkeys). */
  passkeys: z.number().int().min(0),
});
export const totpStartResponse = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… with issuer, account, algorithm, digits and period. */
  otpauthUrl: z.string(),
  /** The same URL as a QR code: an SVG document. */
  qrSvg: z.string(),
});
export const totpConfirmResponse = z.object({ recoveryCodes: z.array(z.string()) });

const callsFor = (audience: 'enterprise' | 'admin') => {
  const base = API_BASE[audience];
  const auth = audience;
  return {
    factors: defineCall({
      method: 'GET',
      path: `${base}/general/auth/factors`,
      auth,
      permission: null,
      request: empty(),
      response: factorsResponse,
    }),
    totpStart: defineCall({
      method: 'POST',
      path: `${base}/general/auth/totp/start`,
      auth,
      permission: null,
      request: empty(),
      response: totpStartResponse,
    }),
    totpConfirm: defineCall({
      method: 'POST',
      path: `${base}/general/auth/totp/confirm`,
      auth,
      permission: null,
      request: z.object({ code: totpCodeField }),
      response: totpConfirmResponse,
    }),
    totpRemove: defineCall({
      method: 'POST',
      path: `${base}/general/auth/totp/remove`,
      auth,
      permission: null,
      request: z.object({ password: givenPasswordField }),
      response: empty(),
    }),
    verifyTotp: defineCall({
      method: 'POST',
      path: `${base}/mfa/auth/verify-totp`,
      auth,
      permission: null,
      beforeSecondFactor: true,
      request: z.object({ code: totpCodeField }),
      response: accessTokenResponse,
    }),
    verifyRecoveryCode: defineCall({
      method: 'POST',
      path: `${base}/mfa/auth/verify-recovery-code`,
      auth,
      permission: null,
      beforeSecondFactor: true,
      request: z.object({ code: recoveryCodeField }),
      response: accessTokenResponse,
    }),
  };
};

export const enterpriseFactors = callsFor('enterprise');
export const adminFactors = callsFor('admin');
