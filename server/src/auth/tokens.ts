import { createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { openSecret, sealSecret } from './sealed.ts';

export type Audience = 'enterprise' | 'admin';
export type TokenClaims = {
  sub: string;
  aud: Audience;
  ent: string | null;
  mfa: boolean;
  lid: string;
  /** The platform admin behind a log-in-as enterprise token; absent otherwise. */
  act?: string | undefined;
};

export const PRE_MFA_TTL = 15 * 60;
export const FULL_TTL = 12 * 60 * 60;

/** JWT_SECRET, or one generated on first start into DATA_DIR/jwt-secret (never in the repo). */
export const loadSecret = ({
  jwtSecret,
  dataDir,
}: {
  jwtSecret?: string | undefined;
  dataDir: string;
}): string => {
  if (jwtSecret) return jwtSecret;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

export const createTokens = (secret: string) => {
  const key = new TextEncoder().encode(secret);
  return {
    sign: async (claims: TokenClaims, ttlSeconds: number) =>
      new SignJWT({
        ent: claims.ent,
        mfa: claims.mfa,
        lid: claims.lid,
        ...(claims.act ? { act: claims.act } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setAudience(claims.aud)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    /**
     * Null for a bad, expired or wrong-audience token, and for one without an expiry or an issue time: a token
     * this server signs always carries both, so one without them was not made by `sign` and is never accepted,
     * nor one issued longer ago than the longest session lasts.
     */
    verify: async (token: string, aud: Audience): Promise<TokenClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, key, {
          audience: aud,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: FULL_TTL,
        });
        if (typeof payload.sub !== 'string' || typeof payload.lid !== 'string') return null;
        return {
          sub: payload.sub,
          aud,
          ent: typeof payload.ent === 'string' ? payload.ent : null,
          mfa: payload.mfa === true,
          lid: payload.lid,
          ...(typeof payload.act === 'string' ? { act: payload.act } : {}),
        };
      } catch {
        return null;
      }
    },
    /** Keyed hash for short codes (a plain sha256 of 6 digits would be trivially reversible). */
    hashCode: (code: string) => createHmac('sha256', key).update(code).digest('hex'),
    /** A secret kept to be read back (an authenticator app's), sealed under this server's secret (auth/sealed.ts). */
    seal: (purpose: string, plain: string) => sealSecret(secret, plain, purpose),
    open: (purpose: string, stored: string) => openSecret(secret, stored, purpose),
  };
};
export type Tokens = ReturnType<typeof createTokens>;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');
