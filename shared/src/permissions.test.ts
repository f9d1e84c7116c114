import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from './constants/features.ts';
import { allCalls } from './contract/registry.ts';
import {
  type AccessRule,
  type AccessSubject,
  canCall,
  DEFAULT_ADMIN_ONLY,
  memberSubject,
} from './permissions.ts';

const member = (over: Partial<Extract<AccessSubject, { audience: 'enterprise' }>> = {}): AccessSubject => ({
  audience: 'enterprise',
  secondFactorDone: true,
  emailVerified: true,
  actingAs: false,
  roleName: 'Staff',
  isDefaultAdmin: false,
  permissions: ['dashboard', 'members'],
  features: DEFAULT_FEATURE_FLAGS,
  ...over,
});

const call = (over: Partial<AccessRule> = {}): AccessRule => ({
  auth: 'enterprise',
  permission: null,
  ...over,
});

describe('canCall, the one access rule of a contract call', () => {
  it('lets anyone make a call without auth, and refuses a session of the other audience', () => {
    expect(canCall(call({ auth: 'none' }), { audience: null })).toEqual({ allowed: true });
    expect(canCall(call(), { audience: null })).toMatchObject({ reason: 'unauthenticated' });
    expect(canCall(call(), { audience: 'admin', secondFactorDone: true })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(canCall(call({ auth: 'admin' }), member())).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('asks for the second factor first, for both audiences, except on the second-factor steps', () => {
    const before = member({ secondFactorDone: false, emailVerified: false, permissions: ['dashboard'] });
    expect(canCall(call({ permission: 'roles' }), before)).toEqual({
      allowed: false,
      reason: 'second-factor',
      code: 'MFA_REQUIRED',
    });
    expect(canCall(call({ beforeSecondFactor: true }), before)).toEqual({ allowed: true });
    const admin = { audience: 'admin', secondFactorDone: false } as const;
    expect(canCall(call({ auth: 'admin' }), admin)).toMatchObject({ code: 'MFA_REQUIRED' });
    expect(canCall(call({ auth: 'admin', beforeSecondFactor: true }), admin)).toEqual({ allowed: true });
    // A platform admin past the second factor may make every admin call.
    expect(
      canCall(call({ auth: 'admin', adminRoleOnly: true }), { audience: 'admin', secondFactorDone: true }),
    ).toEqual({ allowed: true });
  });

  it('asks for a verified email next, unless the call comes before it or a platform admin acts as the member', () => {
    const unverified = member({ emailVerified: false });
    expect(canCall(call(), unverified)).toEqual({
      allowed: false,
      reason: 'email-not-verified',
      code: 'EMAIL_NOT_VERIFIED',
    });
    expect(canCall(call({ beforeEmailVerified: true }), unverified)).toEqual({ allowed: true });
    expect(canCall(call({ beforeSecondFactor: true }), unverified)).toEqual({ allowed: true });
    expect(canCall(call(), member({ emailVerified: false, actingAs: true }))).toEqual({ allowed: true });
  });

  it('keeps admin-role calls to the role named admin and the default admin', () => {
    const entry = call({ adminRoleOnly: true });
    expect(canCall(entry, member())).toEqual({ allowed: false, reason: 'admin-role', code: 'FORBIDDEN' });
    expect(canCall(entry, member({ roleName: ' ADMIN ' }))).toEqual({ allowed: true });
    expect(canCall(entry, member({ isDefaultAdmin: true }))).toEqual({ allowed: true });
  });

  it("keeps single sign-on's calls to the default admin, with their own message", () => {
    const entry = call({ defaultAdminOnly: true });
    expect(canCall(entry, member({ roleName: 'Admin' }))).toEqual({
      allowed: false,
      reason: 'default-admin',
      code: 'FORBIDDEN',
      message: DEFAULT_ADMIN_ONLY,
    });
    expect(canCall(entry, member({ isDefaultAdmin: true }))).toEqual({ allowed: true });
  });

  it('needs the permission key, passing the default admin and an empty permission list', () => {
    const entry = call({ permission: 'roles' });
    expect(canCall(entry, member())).toEqual({
      allowed: false,
      reason: 'permission',
      code: 'FORBIDDEN',
      permission: 'roles',
    });
    expect(canCall(entry, member({ permissions: ['roles'] }))).toEqual({ allowed: true });
    expect(canCall(entry, member({ permissions: [] }))).toEqual({ allowed: true });
    expect(canCall(entry, member({ isDefaultAdmin: true }))).toEqual({ allowed: true });
  });

  it('needs the feature on, with its parent, and checks it last', () => {
    const entry = call({ permission: 'groups', feature: 'enablePronunciationFeature' });
    const off = { ...DEFAULT_FEATURE_FLAGS, enableCommunicationReadyFeature: false };
    expect(canCall(entry, member({ permissions: ['groups'], features: off }))).toEqual({
      allowed: false,
      reason: 'feature',
      code: 'FEATURE_DISABLED',
      feature: 'enablePronunciationFeature',
    });
    expect(canCall(entry, member({ permissions: ['groups'] }))).toEqual({ allowed: true });
    // Without the key the answer is the permission's, as the server checks it first.
    expect(canCall(entry, member({ permissions: ['dashboard'], features: off }))).toMatchObject({
      reason: 'permission',
    });
  });

  it('lets the default admin make every enterprise call whose feature is on, a platform admin every admin call', () => {
    const owner = member({ roleName: 'Admin', isDefaultAdmin: true, features: DEFAULT_FEATURE_FLAGS });
    for (const entry of allCalls)
      expect(
        canCall(entry, entry.auth === 'admin' ? { audience: 'admin', secondFactorDone: true } : owner),
      ).toSatisfy((verdict: ReturnType<typeof canCall>) => verdict.allowed || verdict.reason === 'feature');
  });

  it("reads a member's subject from general/auth/me's answer", () => {
    expect(
      memberSubject(
        {
          isDefaultAdmin: false,
          emailVerified: false,
          loggedInAsAdmin: true,
          roleId: { name: 'Learner', permissions: ['dashboard'] },
          enterpriseId: DEFAULT_FEATURE_FLAGS,
        },
        { secondFactorDone: true },
      ),
    ).toEqual({
      audience: 'enterprise',
      secondFactorDone: true,
      emailVerified: false,
      actingAs: true,
      roleName: 'Learner',
      isDefaultAdmin: false,
      permissions: ['dashboard'],
      features: DEFAULT_FEATURE_FLAGS,
    });
  });
});
