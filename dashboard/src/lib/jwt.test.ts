import { describe, expect, it } from 'vitest';
import { fakeToken } from '../testing/fake-server.ts';
import { readTokenExpiry, secondsUntilExpiry } from './jwt.ts';

describe('reading a token expiry', () => {
  it('reads exp from the payload without verifying', () => {
    expect(secondsUntilExpiry(fakeToken(3600))).toBeGreaterThan(3590);
  });

  it('answers null for something that is not a JWT', () => {
    expect(readTokenExpiry('not-a-token')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
  });
});
