import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { adminPasskeys, enterprisePasskeys } from '@coach/shared/contract/passkeys';
import { enterpriseSso } from '@coach/shared/contract/sso';
import { describe, expect, it } from 'vitest';
import {
  adminAuthCalls,
  adminPasskeyCalls,
  enterpriseAuthCalls,
  enterprisePasskeyCalls,
  enterpriseSsoCalls,
} from './auth-calls.ts';

const same = (slim: Record<string, object>, contract: Record<string, object>) => {
  for (const [name, def] of Object.entries(slim)) {
    const full = contract[name] as {
      method: string;
      path: string;
      auth: string;
      multipart?: boolean;
      reads?: true;
    };
    expect(full, name).toBeDefined();
    expect(def, name).toEqual({
      method: full.method,
      path: full.path,
      auth: full.auth,
      ...(full.reads ? { reads: true } : {}),
    });
    expect(full.multipart, name).toBeFalsy();
  }
};

describe('the sign-in and session calls without their schemas', () => {
  it('have the method, path and auth of their contract entries', () => {
    same(enterpriseAuthCalls, enterpriseAuth);
    same(adminAuthCalls, adminAuth);
    same(enterprisePasskeyCalls, enterprisePasskeys);
    same(adminPasskeyCalls, adminPasskeys);
    same(enterpriseSsoCalls, enterpriseSso);
  });
});
