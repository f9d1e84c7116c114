import { z } from 'zod';
import { accessTokenResponse, givenPasswordField } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, text } from './envelope.ts';

/**
 * Passkeys (WebAuthn), for enterprise members and platform admins alike. A member adds one from
 * their profile (`passkeys/register-options`, the browser makes the key, `passkeys/register-verify` keeps its
 * public key under a name), renames it, and removes it with the password. At sign-in a passkey is either the second
 * step after the password (`mfa/auth/passkey-options` and `mfa/auth/verify-passkey`, with the pre-MFA token) or
 * the whole sign-in (`passkey-login/options` and `passkey-login/verify`, no token at all: a discoverable credential
 * with user verification, answering the full token like verify-code). Every challenge is single-use and lives
 * 5 minutes; every change is audited and mailed to the account's address.
 */

/** A passkey's name as its owner calls it ("Work laptop"): 1-60 characters. */
export const passkeyNameField = text()
  .trim()
  .min(1, 'Please name the passkey')
  .max(60, 'At most 60 characters');

/** Base64url as WebAuthn's JSON forms carry bytes; bounded so nobody sends megabytes of it. */
const b64url = (max: number) =>
  text()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Base64url expected');

/** How the browser reached the authenticator ('internal', 'usb', 'hybrid'…): kept to offer the same way next time. */
const transportSchema = text().max(32);
/**
 * The extensions' outputs the browser reports (WebAuthn's AuthenticationExtensionsClientOutputs): none is relied on,
 * and the PRF output (secret bytes) is dropped.
 */
const extensionResultsSchema = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});
const attachmentSchema = z.enum(['platform', 'cross-platform']);
const userVerificationSchema = z.enum(['required', 'preferred', 'discouraged']);
/** A credential the browser may use or must not make again (WebAuthn's descriptor: type and transports as strings). */
const descriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** What `navigator.credentials.create()` needs, as JSON (WebAuthn Level 3 PublicKeyCredentialCreationOptionsJSON). */
export const registrationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(descriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: attachmentSchema.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerificationSchema.optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** What `navigator.credentials.get()` needs, as JSON (PublicKeyCredentialRequestOptionsJSON). */
export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptorSchema).optional(),
  userVerification: userVerificationSchema.optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});

/** The browser's answer to `create()`, as @simplewebauthn/browser's startRegistration returns it. */
export const registrationCredentialSchema = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65536),
    authenticatorData: b64url(65536).optional(),
    transports: z.array(transportSchema).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(8192).optional(),
  }),
  authenticatorAttachment: attachmentSchema.optional(),
  clientExtensionResults: extensionResultsSchema,
});

/** The browser's answer to `get()`, as startAuthentication returns it. */
export const authenticationCredentialSchema = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(65536),
    signature: b64url(8192),
    userHandle: b64url(1024).optional(),
  }),
  authenticatorAttachment: attachmentSchema.optional(),
  clientExtensionResults: extensionResultsSchema,
});

export const passkeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The last sign-in with it, or null. */
  lastUsedAt: z.string().nullable(),
  /** 'multiDevice': synced between the owner's devices (a password manager, iCloud Keychain); else one device. */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  /** Whether it is backed up now (a synced passkey survives a lost phone). */
  backedUp: z.boolean(),
});
export type Passkey = z.output<typeof passkeySchema>;

const callsFor = (audience: 'enterprise' | 'admin') => {
  const base = API_BASE[audience];
  const auth = audience;
  return {
    passkeys: defineCall({
      method: 'GET',
      path: `${base}/general/auth/passkeys`,
      auth,
      permission: null,
      request: empty(),
      response: z.object({ passkeys: z.array(passkeySchema) }),
    }),
    registerOptions: defineCall({
      method: 'POST',
      path: `${base}/general/auth/passkeys/register-options`,
      auth,
      permission: null,
      request: empty(),
      response: z.object({ options: registrationOptionsSchema }),
    }),
    registerVerify: defineCall({
      method: 'POST',
      path: `${base}/general/auth/passkeys/register-verify`,
      auth,
      permission: null,
      request: z.object({ name: passkeyNameField, credential: registrationCredentialSchema }),
      response: passkeySchema,
    }),
    rename: defineCall({
      method: 'POST',
      path: `${base}/general/auth/passkeys/rename`,
      auth,
      permission: null,
      request: z.object({ passkeyId: id(), name: passkeyNameField }),
      response: passkeySchema,
    }),
    remove: defineCall({
      method: 'POST',
      path: `${base}/general/auth/passkeys/remove`,
      auth,
      permission: null,
      request: z.object({ passkeyId: id(), password: givenPasswordField }),
      response: empty(),
    }),
    /** The second sign-in step: a challenge for this account's passkeys, bound to the pre-MFA session. */
    secondFactorOptions: defineCall({
      method: 'POST',
      path: `${base}/mfa/auth/passkey-options`,
      auth,
      permission: null,
      beforeSecondFactor: true,
      request: empty(),
      response: z.object({ options: authenticationOptionsSchema }),
    }),
    verifySecondFactor: defineCall({
      method: 'POST',
      path: `${base}/mfa/auth/verify-passkey`,
      auth,
      permission: null,
      beforeSecondFactor: true,
      request: z.object({ credential: authenticationCredentialSchema }),
      response: accessTokenResponse,
    }),
    /**
     * Passwordless sign-in: a challenge for any passkey of this site (the browser offers the ones it has). `flowId`
     * goes back with the answer and binds the challenge to this sign-in.
     */
    loginOptions: defineCall({
      method: 'POST',
      path: `${base}/passkey-login/options`,
      auth: 'none',
      permission: null,
      request: empty(),
      response: z.object({ flowId: z.string(), options: authenticationOptionsSchema }),
    }),
    loginVerify: defineCall({
      method: 'POST',
      path: `${base}/passkey-login/verify`,
      auth: 'none',
      permission: null,
      request: z.object({ flowId: id(), credential: authenticationCredentialSchema }),
      response: accessTokenResponse,
    }),
  };
};

export const enterprisePasskeys = callsFor('enterprise');
export const adminPasskeys = callsFor('admin');
