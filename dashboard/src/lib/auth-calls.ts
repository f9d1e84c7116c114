import type { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { API_BASE, type CallDef } from '@coach/shared/contract/define-call';
import type { adminPasskeys, enterprisePasskeys } from '@coach/shared/contract/passkeys';
import type { enterpriseSso } from '@coach/shared/contract/sso';

/**
 * The sign-in and session calls of both audiences as the browser client needs them: method, path and auth only.
 * The contract's entries also carry their zod schemas, and importing them put zod (about 22 KB brotli) into the
 * sign-in page's first scripts, while the client never parses with them (the server validates every request).
 * A POST that only reads keeps its `reads` mark (lib/api.ts tells the query cache of every other call). Each entry keeps its contract entry's type, so inputs and answers stay typed; auth-calls.test.ts checks each
 * against the contract. Screens past the sign-in import the contract itself.
 */
const slim = <C extends CallDef>(def: Pick<C, 'method' | 'path' | 'auth'> & Pick<CallDef, 'reads'>) =>
  def as C;

const E = API_BASE.enterprise;
const A = API_BASE.admin;
type Enterprise = typeof enterpriseAuth;
type Admin = typeof adminAuth;

export const enterpriseAuthCalls = {
  login: slim<Enterprise['login']>({ method: 'POST', path: `${E}/login`, auth: 'none' }),
  forgotPassword: slim<Enterprise['forgotPassword']>({
    method: 'POST',
    path: `${E}/forgotpassword`,
    auth: 'none',
  }),
  resetPassword: slim<Enterprise['resetPassword']>({
    method: 'POST',
    path: `${E}/resetpassword`,
    auth: 'none',
  }),
  checkResetToken: slim<Enterprise['checkResetToken']>({
    method: 'POST',
    path: `${E}/check-reset-token`,
    auth: 'none',
  }),
  me: slim<Enterprise['me']>({ method: 'GET', path: `${E}/general/auth/me`, auth: 'enterprise' }),
  updateLanguage: slim<Enterprise['updateLanguage']>({
    method: 'POST',
    path: `${E}/general/auth/update-language`,
    auth: 'enterprise',
  }),
  mfaDetails: slim<Enterprise['mfaDetails']>({
    method: 'POST',
    path: `${E}/mfa/auth/get-details`,
    auth: 'enterprise',
  }),
  sendCode: slim<Enterprise['sendCode']>({
    method: 'POST',
    path: `${E}/mfa/auth/send-code`,
    auth: 'enterprise',
  }),
  verifyCode: slim<Enterprise['verifyCode']>({
    method: 'POST',
    path: `${E}/mfa/auth/verify-code`,
    auth: 'enterprise',
  }),
  refreshToken: slim<Enterprise['refreshToken']>({
    method: 'POST',
    path: `${E}/mfa/auth/refresh-token`,
    auth: 'enterprise',
  }),
  logout: slim<Enterprise['logout']>({
    method: 'POST',
    path: `${E}/general/auth/logout`,
    auth: 'enterprise',
  }),
};

export const adminAuthCalls = {
  login: slim<Admin['login']>({ method: 'POST', path: `${A}/login`, auth: 'none' }),
  forgotPassword: slim<Admin['forgotPassword']>({
    method: 'POST',
    path: `${A}/forgot-password`,
    auth: 'none',
  }),
  resetPassword: slim<Admin['resetPassword']>({ method: 'POST', path: `${A}/reset-password`, auth: 'none' }),
  checkResetToken: slim<Admin['checkResetToken']>({
    method: 'POST',
    path: `${A}/check-reset-token`,
    auth: 'none',
  }),
  me: slim<Admin['me']>({ method: 'GET', path: `${A}/general/auth/me`, auth: 'admin' }),
  updateLanguage: slim<Admin['updateLanguage']>({
    method: 'POST',
    path: `${A}/general/auth/update-language`,
    auth: 'admin',
  }),
  mfaDetails: slim<Admin['mfaDetails']>({ method: 'POST', path: `${A}/mfa/auth/get-details`, auth: 'admin' }),
  sendCode: slim<Admin['sendCode']>({ method: 'POST', path: `${A}/mfa/auth/send-code`, auth: 'admin' }),
  verifyCode: slim<Admin['verifyCode']>({ method: 'POST', path: `${A}/mfa/auth/verify-code`, auth: 'admin' }),
  refreshToken: slim<Admin['refreshToken']>({
    method: 'POST',
    path: `${A}/mfa/auth/refresh-token`,
    auth: 'admin',
  }),
  logout: slim<Admin['logout']>({ method: 'POST', path: `${A}/general/auth/logout`, auth: 'admin' }),
};

type EnterprisePasskeys = typeof enterprisePasskeys;
type AdminPasskeys = typeof adminPasskeys;

/** Signing in with a passkey (issue 21 item 2), alone or as the second step: slim for the same reason. */
export const enterprisePasskeyCalls = {
  loginOptions: slim<EnterprisePasskeys['loginOptions']>({
    method: 'POST',
    path: `${E}/passkey-login/options`,
    auth: 'none',
  }),
  loginVerify: slim<EnterprisePasskeys['loginVerify']>({
    method: 'POST',
    path: `${E}/passkey-login/verify`,
    auth: 'none',
  }),
  secondFactorOptions: slim<EnterprisePasskeys['secondFactorOptions']>({
    method: 'POST',
    path: `${E}/mfa/auth/passkey-options`,
    auth: 'enterprise',
  }),
  verifySecondFactor: slim<EnterprisePasskeys['verifySecondFactor']>({
    method: 'POST',
    path: `${E}/mfa/auth/verify-passkey`,
    auth: 'enterprise',
  }),
};

export const adminPasskeyCalls = {
  loginOptions: slim<AdminPasskeys['loginOptions']>({
    method: 'POST',
    path: `${A}/passkey-login/options`,
    auth: 'none',
  }),
  loginVerify: slim<AdminPasskeys['loginVerify']>({
    method: 'POST',
    path: `${A}/passkey-login/verify`,
    auth: 'none',
  }),
  secondFactorOptions: slim<AdminPasskeys['secondFactorOptions']>({
    method: 'POST',
    path: `${A}/mfa/auth/passkey-options`,
    auth: 'admin',
  }),
  verifySecondFactor: slim<AdminPasskeys['verifySecondFactor']>({
    method: 'POST',
    path: `${A}/mfa/auth/verify-passkey`,
    auth: 'admin',
  }),
};

type EnterpriseSso = typeof enterpriseSso;

/**
 * Single sign-on from /login (issue 21 item 4): whether a typed address's organisation uses it, and the start of it.
 * Slim for the same reason: importing the contract's entries here put zod back into the sign-in page's first scripts
 * (161 KB brotli against 138 without it).
 */
export const enterpriseSsoCalls = {
  discover: slim<EnterpriseSso['discover']>({
    method: 'POST',
    path: `${E}/sso/discover`,
    auth: 'none',
    reads: true,
  }),
  start: slim<EnterpriseSso['start']>({ method: 'POST', path: `${E}/sso/start`, auth: 'none' }),
};
