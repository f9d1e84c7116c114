import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

/**
 * A passkey authenticator in software, for the server's tests: what a phone or a security key does
 * in `navigator.credentials.create()` and `get()`, written out. It makes a P-256 key (ES256), answers a
 * registration with attestation format 'none' (authenticatorData with the RP ID hash, the flags, the counter, the
 * AAGUID, the credential id and the COSE public key, CBOR-encoded) and signs assertions with the key. Each answer
 * can be spoiled the ways an attacker or a broken authenticator would: another site's RP ID or origin, a counter
 * that goes back, no user verification.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
/** An AAGUID of zeros: "no attestation, make unknown" (as a 'none' attestation has). */
const AAGUID = new Uint8Array(16);

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export type SoftPasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  /** The user handle the site gave at registration (returned by passwordless assertions). */
  userHandle: string;
  rpId: string;
  /** The signature counter: each assertion adds one unless told otherwise. */
  counter: number;
};

/** Where the answer claims to come from, and how it is made (the defaults are an honest authenticator's). */
export type Spoil = {
  /** The RP ID whose hash goes into authenticatorData (default: the key's). */
  rpId?: string;
  /** The page's origin in clientDataJSON (default: the authenticator's). */
  origin?: string;
  /** The counter to report (default: the key's counter plus one). */
  counter?: number;
  /** Whether the user was verified (PIN, biometrics): default true. */
  userVerified?: boolean;
  /** Another challenge than the options' (default: theirs). */
  challenge?: string;
};

/** The COSE_Key of an EC2 P-256 public key for ES256 (RFC 9053): kty 2, alg -7, crv 1, x, y. */
const coseKeyOf = (publicKey: KeyObject) => {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('not an EC key');
  return encodeCBOR(
    new Map<number, CBORType>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
};

const authenticatorData = ({
  rpId,
  flags,
  counter,
  attested,
}: {
  rpId: string;
  flags: number;
  counter: number;
  attested?: { credentialId: Buffer; cose: Uint8Array };
}) => {
  const head = Buffer.alloc(37);
  sha256(rpId).copy(head, 0);
  head.writeUInt8(flags, 32);
  head.writeUInt32BE(counter, 33);
  if (!attested) return head;
  const length = Buffer.alloc(2);
  length.writeUInt16BE(attested.credentialId.length);
  return Buffer.concat([head, AAGUID, length, attested.credentialId, attested.cose]);
};

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export const softwareAuthenticator = ({
  rpId = 'localhost',
  origin = 'http://localhost:3000',
}: {
  rpId?: string;
  origin?: string;
} = {}) => {
  /** `navigator.credentials.create()`: a new key for the options' user, and the registration answer. */
  const create = (
    options: { challenge: string; user: { id: string } },
    spoil: Spoil = {},
  ): { passkey: SoftPasskey; credential: RegistrationCredential } => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = randomBytes(32);
    const passkey: SoftPasskey = {
      credentialId,
      privateKey,
      userHandle: options.user.id,
      rpId,
      counter: spoil.counter ?? 0,
    };
    const authData = authenticatorData({
      rpId: spoil.rpId ?? rpId,
      flags: FLAG_UP | (spoil.userVerified === false ? 0 : FLAG_UV) | FLAG_AT,
      counter: passkey.counter,
      attested: { credentialId, cose: coseKeyOf(publicKey) },
    });
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', authData],
      ]),
    );
    return {
      passkey,
      credential: {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(
            clientData('webauthn.create', spoil.challenge ?? options.challenge, spoil.origin ?? origin),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      },
    };
  };

  /** `navigator.credentials.get()`: an assertion signed with the passkey's key over authenticatorData and the hash of clientDataJSON. */
  const get = (
    passkey: SoftPasskey,
    options: { challenge: string },
    spoil: Spoil = {},
  ): AuthenticationCredential => {
    const counter = spoil.counter ?? passkey.counter + 1;
    if (spoil.counter === undefined) passkey.counter = counter;
    const authData = authenticatorData({
      rpId: spoil.rpId ?? passkey.rpId,
      flags: FLAG_UP | (spoil.userVerified === false ? 0 : FLAG_UV),
      counter,
    });
    const json = clientData('webauthn.get', spoil.challenge ?? options.challenge, spoil.origin ?? origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(json)]), passkey.privateKey);
    return {
      id: b64url(passkey.credentialId),
      rawId: b64url(passkey.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(json),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  };

  return { create, get };
};

/** The registration answer's JSON (as @simplewebauthn/browser's startRegistration gives it). */
export type RegistrationCredential = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
};

/** The assertion's JSON (as startAuthentication gives it). */
export type AuthenticationCredential = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
};
