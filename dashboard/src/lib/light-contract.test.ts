import * as auth from 'virtual:light-contract/auth';
import * as passkeys from 'virtual:light-contract/passkeys';
import * as sso from 'virtual:light-contract/sso';
import { lightMismatches } from '@coach/shared/build/light-contract-check';
import * as authContract from '@coach/shared/contract/auth';
import * as passkeysContract from '@coach/shared/contract/passkeys';
import * as ssoContract from '@coach/shared/contract/sso';
import { describe, expect, it } from 'vitest';

/**
 * The light contract modules the sign-in screens call by (src/light-contract.d.ts), built from the contract by the
 * Vite plugin this test runs under too (shared/src/build/light-contract.ts).
 */
describe('the sign-in and session calls without their schemas', () => {
  it.each([
    ['auth', auth, authContract],
    ['passkeys', passkeys, passkeysContract],
    ['sso', sso, ssoContract],
  ])(
    "%s: every call has its contract entry's method, path, auth and marks, and no schema",
    (_, light, contract) => {
      expect(lightMismatches({ ...light }, { ...contract })).toEqual([]);
    },
  );

  it('has the calls the sign-in uses, with their marks', () => {
    expect(auth.enterpriseAuth.login).toEqual({
      method: 'POST',
      path: '/api/v1/enterprise/login',
      auth: 'none',
    });
    expect(auth.adminAuth.me).toEqual({
      method: 'GET',
      path: '/api/v1/admin/general/auth/me',
      auth: 'admin',
    });
    expect(passkeys.enterprisePasskeys.loginVerify.path).toBe('/api/v1/enterprise/passkey-login/verify');
    expect(sso.enterpriseSso.discover).toEqual({
      method: 'POST',
      path: '/api/v1/enterprise/sso/discover',
      auth: 'none',
      reads: true,
    });
  });
});
