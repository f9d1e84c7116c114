import { enterpriseAuth } from '@coach/shared/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMIT, ACCOUNT_WIDE_LIMIT, IP_LIMIT, RECIPIENT_LIMIT } from '../auth/throttle.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const PASSWORD = 'Coach-demo-2026';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, ip: string) =>
  t.request('POST', enterpriseAuth.login.path, { ip, body: { email, password } });
const mailsTo = async (email: string) => {
  const { readdirSync } = await import('node:fs');
  const path = await import('node:path');
  return readdirSync(path.join(t.deps.config.dataDir, 'outbox')).filter((f) => f.includes(`-${email}-`));
};

describe('sign-in limits', () => {
  it('guesses from rotating addresses stop at the account-wide limit, and the owner at home still gets in', async () => {
    const email = 'member10@acme.example';
    const home = t.freshIp();
    await t.fullLogin(email, 'enterprise', home);
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_WIDE_LIMIT + 5; i++)
      statuses.push((await login(email, `guess-${i}`, t.freshIp())).status);
    expect(statuses.slice(0, ACCOUNT_WIDE_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(ACCOUNT_WIDE_LIMIT).every((s) => s === 429)).toBe(true);
    const blocked = await login(email, PASSWORD, t.freshIp());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Where the owner signed in before, the attack does not lock them out.
    expect((await login(email, PASSWORD, home)).status).toBe(200);
  });

  it('guesses sent all at once are held to the same limit: five are checked, the rest refused', async () => {
    const email = 'member11@acme.example';
    const ip = t.freshIp();
    const statuses = (
      await Promise.all(Array.from({ length: 40 }, (_, i) => login(email, `burst-${i}`, ip)))
    ).map((res) => res.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - ACCOUNT_LIMIT);
    // Refused attempts were taken back: the lock is the five failures, and the right password elsewhere still works.
    expect((await login(email, PASSWORD, t.freshIp())).status).toBe(200);
  });

  it('codes sent all at once take one try each: a sign-in code is compared five times at most', async () => {
    const email = 'member12@acme.example';
    const ip = t.freshIp();
    const pre = await t.preMfaLogin(email, 'enterprise', ip);
    const headers = { token: pre };
    await t.request('POST', enterpriseAuth.sendCode.path, { ...headers, ip, body: { contactMethod: 2 } });
    const right = t.lastCode(email) ?? '';
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    // From twenty addresses, so no per-address limit stops them first.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('POST', enterpriseAuth.verifyCode.path, {
          ...headers,
          ip: t.freshIp(),
          body: { code: wrong(i) },
        }),
      ),
    );
    expect(burst.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 422));
    const challenge = await t.deps.db
      .selectFrom('mfa_challenges')
      .select('attempts')
      .where(
        'subject_id',
        '=',
        (
          await t.deps.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', email)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .orderBy('expires_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(challenge.attempts).toBe(5);
    // The code's tries are spent: even the right one is refused now.
    expect(
      (await t.request('POST', enterpriseAuth.verifyCode.path, { ...headers, ip, body: { code: right } }))
        .status,
    ).toBe(422);
  });

  it('one person failing often behind an office address does not shut out colleagues who signed in there', async () => {
    const office = t.freshIp();
    await t.fullLogin('member11@acme.example', 'enterprise', office);
    for (let i = 0; i < IP_LIMIT; i++) await login(`nobody-${i}@acme.example`, 'wrong-password', office);
    expect((await login('member12@acme.example', PASSWORD, office)).status).toBe(429);
    expect((await login('member11@acme.example', PASSWORD, office)).status).toBe(200);
  });
});

describe('mail limits and answers that reveal nothing', () => {
  it('reset mails to one address stop at five an hour whatever addresses ask, with the same answer', async () => {
    const email = 'member13@acme.example';
    const answers = [];
    for (let i = 0; i < RECIPIENT_LIMIT + 3; i++)
      answers.push(
        await t.request('POST', enterpriseAuth.forgotPassword.path, { ip: t.freshIp(), body: { email } }),
      );
    expect(new Set(answers.map((a) => `${a.status} ${a.json.message}`)).size).toBe(1);
    expect(await mailsTo(email)).toHaveLength(RECIPIENT_LIMIT);
  });

  it('reset mails asked for all at once stop at five too', async () => {
    const email = 'member15@acme.example';
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', enterpriseAuth.forgotPassword.path, { ip: t.freshIp(), body: { email } }),
      ),
    );
    // The mails go out after the answers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Exactly five: none past the limit, and a burst does not refuse every ask either.
    expect(await mailsTo(email)).toHaveLength(RECIPIENT_LIMIT);
  });

  it('forgot password answers a known and an unknown email alike', async () => {
    const ip = t.freshIp();
    const known = await t.request('POST', enterpriseAuth.forgotPassword.path, {
      ip,
      body: { email: 'member14@acme.example' },
    });
    const unknown = await t.request('POST', enterpriseAuth.forgotPassword.path, {
      ip,
      body: { email: 'nobody-here@acme.example' },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(await mailsTo('member14@acme.example')).toHaveLength(1);
    expect(await mailsTo('nobody-here@acme.example')).toHaveLength(0);
  });
});
