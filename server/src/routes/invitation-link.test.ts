import { enterpriseAuth } from '@coach/shared/contract/auth';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learnerRoleId: string;
const ip = '10.9.7.1';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  const options = await t.request('GET', roles.options.path, { token: owner, ip });
  learnerRoleId =
    (options.json.response as { _id: string; name: string }[]).find((r) => r.name === 'Learner')?._id ?? '';
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, token: string, body: unknown) => t.request('POST', path, { token, ip, body });
const linkToken = (mail: string | null) => /password\/reset\/([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1] ?? '';
const invite = async (name: string, email: string) => {
  const res = await post(members.invite.path, owner, { name, email, roleId: learnerRoleId });
  expect(res.status).toBe(200);
  return { memberId: (res.json.response as { _id: string })._id, token: linkToken(t.lastMail(email)) };
};
const check = (token: string) => post(enterpriseAuth.checkResetToken.path, '', { token });

describe('an invitation link names the inviting company, and says when it no longer works', () => {
  it('a live invitation link gives the company name and logo; a reset link gives no company', async () => {
    const { token } = await invite('Lena Link', 'lena@acme.example');
    const live = await check(token);
    expect(live.status).toBe(200);
    expect(live.json.response).toMatchObject({ purpose: 'invite', company: { name: 'Acme Learning' } });
    expect(live.json.response).toHaveProperty('company.logoUrl');

    await post(enterpriseAuth.forgotPassword.path, '', { email: 'owner@acme.example' });
    const reset = await check(linkToken(t.lastMail('owner@acme.example')));
    expect(reset.status).toBe(200);
    expect(reset.json.response).toEqual({ valid: true, email: 'owner@acme.example', purpose: 'reset' });
  });

  it('an invitee opening their used link again is told it was an invitation, with no company or email', async () => {
    const { token } = await invite('Uma Used', 'uma@acme.example');
    const set = await post(enterpriseAuth.resetPassword.path, '', { token, password: 'Speak-Clearly-42' });
    expect(set.status).toBe(200);

    const again = await check(token);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ success: 0, code: ERROR_CODES.invitationEnded, field: 'token' });
    expect(JSON.stringify(again.json)).not.toMatch(/Acme|uma@/);
  });

  it('an invitation replaced by a newer one says the same; a made-up token is only an invalid link', async () => {
    const { memberId, token } = await invite('Rob Replaced', 'rob@acme.example');
    expect((await post(members.resendInvite.path, owner, { memberId })).status).toBe(200);
    expect((await check(token)).json.code).toBe(ERROR_CODES.invitationEnded);

    const guessed = await check('x'.repeat(43));
    expect(guessed.status).toBe(400);
    expect(guessed.json.code).toBe(ERROR_CODES.validation);
    expect(guessed.json).not.toHaveProperty('response');
  });
});
