import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokens, FULL_TTL } from './tokens.ts';

const SECRET = 'a-test-secret-of-enough-length-for-hs256';
const key = new TextEncoder().encode(SECRET);
const claims = { ent: 'e1', mfa: true, lid: 'l1' };

/** A token signed with the server's own key, shaped by the test. */
const forged = (shape: (jwt: SignJWT) => SignJWT) =>
  shape(
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setAudience('enterprise'),
  ).sign(key);

describe('session tokens', () => {
  const tokens = createTokens(SECRET);

  it('accepts a token it signed, for its audience only', async () => {
    const token = await tokens.sign({ sub: 'u1', aud: 'enterprise', ...claims }, 60);
    expect(await tokens.verify(token, 'enterprise')).toMatchObject({ sub: 'u1', ent: 'e1', mfa: true });
    expect(await tokens.verify(token, 'admin')).toBeNull();
  });

  it('refuses a token signed with its key but without an expiry', async () => {
    const token = await forged((jwt) => jwt.setIssuedAt());
    expect(await tokens.verify(token, 'enterprise')).toBeNull();
  });

  it('refuses a token without an issue time, or issued longer ago than the longest session', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(
      await tokens.verify(await forged((jwt) => jwt.setExpirationTime(now + 60)), 'enterprise'),
    ).toBeNull();
    const old = await forged((jwt) => jwt.setIssuedAt(now - FULL_TTL - 60).setExpirationTime(now + 3600));
    expect(await tokens.verify(old, 'enterprise')).toBeNull();
  });

  it('refuses an expired token and one signed with another key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await forged((jwt) => jwt.setIssuedAt(now - 120).setExpirationTime(now - 60));
    expect(await tokens.verify(expired, 'enterprise')).toBeNull();
    const other = await createTokens('another-secret-of-enough-length-for-hs256').sign(
      { sub: 'u1', aud: 'enterprise', ...claims },
      60,
    );
    expect(await tokens.verify(other, 'enterprise')).toBeNull();
  });
});
