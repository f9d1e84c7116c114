import { enterpriseAuth } from '@coach/shared/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../testing/receiver.ts';
import { createTestApp } from '../testing/test-app.ts';
import { SmsError, smsConfigOf, toE164, twilioSms } from './sms.ts';

// Second-factor codes by a real SMS provider, through its Twilio-compatible API, tested against a
// local fake of that API (the receiver answers as told and keeps what it was sent).

const SID = 'AC0123456789abcdef0123456789abcdef';
let provider: Awaited<ReturnType<typeof startReceiver>>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  provider = await startReceiver();
  t = await createTestApp({
    sms: twilioSms({
      apiUrl: provider.url,
      accountSid: SID,
      authToken: 'token-123',
      from: '+15005550006',
      timeoutMs: 2000,
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('phone numbers in E.164', () => {
  it('reads the dial code and the number as people type them, and refuses what is not a full number', () => {
    expect(toE164('+61 412 345 678')).toBe('+61412345678');
    expect(toE164('61412345678')).toBe('+61412345678');
    expect(toE164('+91 98765 43210')).toBe('+919876543210');
    expect(toE164('+1 2')).toBeNull();
    expect(toE164('0412 345 678')).toBeNull();
  });
});

describe('the SMS settings', () => {
  it('are off without an account id, and half a configuration stops the start', () => {
    expect(smsConfigOf({})).toBeNull();
    expect(() => smsConfigOf({ SMS_ACCOUNT_SID: SID })).toThrow(/SMS_AUTH_TOKEN and SMS_FROM are not/);
    expect(smsConfigOf({ SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: 'x', SMS_FROM: 'MG1' })).toMatchObject({
      apiUrl: 'https://api.twilio.com',
      from: 'MG1',
    });
  });
});

describe('sign-in codes by SMS', () => {
  it('the owner chooses SMS: the provider gets the code for their number in E.164, with Basic auth, and it signs in', async () => {
    const ip = '10.21.3.1';
    const pre = await t.preMfaLogin('owner@acme.example', 'enterprise', ip);
    const sent = await t.request('POST', enterpriseAuth.sendCode.path, {
      token: pre,
      ip,
      body: { contactMethod: 1 },
    });
    expect(sent.status, sent.json.message).toBe(200);
    expect(sent.json.response.sentTo).toMatch(/\*\*\* \*\*\* \d{3}$/);
    const request = provider.received.at(-1);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:token-123`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request?.body);
    expect(form.get('To')).toMatch(/^\+\d{8,15}$/);
    expect(form.get('From')).toBe('+15005550006');
    const code = /(\d{6})/.exec(form.get('Body') ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // Nothing went to the outbox: the text left by the provider.
    const verified = await t.request('POST', enterpriseAuth.verifyCode.path, {
      token: pre,
      ip,
      body: { code },
    });
    expect(verified.status, verified.json.message).toBe(200);
  });

  it('a provider that refuses answers 502 saying to choose email, and email still works', async () => {
    const ip = '10.21.3.2';
    provider.answerWith(400);
    const pre = await t.preMfaLogin('owner@acme.example', 'enterprise', ip);
    const refused = await t.request('POST', enterpriseAuth.sendCode.path, {
      token: pre,
      ip,
      body: { contactMethod: 1 },
    });
    expect(refused.status).toBe(502);
    expect(refused.json.code).toBe('SMS_UNAVAILABLE');
    expect(refused.json.message).toMatch(/Choose email instead/);
    const mailed = await t.request('POST', enterpriseAuth.sendCode.path, {
      token: pre,
      ip,
      body: { contactMethod: 2 },
    });
    expect(mailed.status).toBe(200);
  });

  it('an unreachable provider is an SmsError, not a crash', async () => {
    const down = twilioSms({
      apiUrl: 'http://127.0.0.1:9',
      accountSid: SID,
      authToken: 'x',
      from: '+15005550006',
      timeoutMs: 1000,
    });
    await expect(down.send({ to: '+61412345678', subject: 's', text: 't' })).rejects.toBeInstanceOf(SmsError);
    await expect(down.send({ to: '12', subject: 's', text: 't' })).rejects.toThrow(
      /not a full international number/,
    );
  });
});
