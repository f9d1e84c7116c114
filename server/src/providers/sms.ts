import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Text messages through a Twilio-compatible HTTP API: `POST {SMS_API_URL}/2010-04-01/Accounts/
 * {SMS_ACCOUNT_SID}/Messages.json`, form-encoded To, Body and From (or MessagingServiceSid for an `MG…` sender),
 * Basic auth with the account id and token. Twilio itself, and the providers that speak its API, answer it. Without
 * SMS_ACCOUNT_SID the outbox keeps the texts, as it keeps mail.
 */

export type SmsEnv = Record<string, string | undefined>;
export type SmsConfig = {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs: number;
};

/** The provider refused or could not be reached: the caller is told to choose email instead. */
export class SmsError extends Error {}

/** The number in E.164 (`+61412345678`), or null when it is not a full international number. */
export const toE164 = (mobile: string) => {
  const parsed = parsePhoneNumberFromString(mobile.startsWith('+') ? mobile : `+${mobile}`);
  return parsed?.isPossible() ? parsed.number : null;
};

/** The SMS settings of the environment, or null (outbox); half a configuration is a start-up error, not a surprise later. */
export const smsConfigOf = (env: SmsEnv): SmsConfig | null => {
  if (!env.SMS_ACCOUNT_SID) return null;
  const missing = ['SMS_AUTH_TOKEN', 'SMS_FROM'].filter((name) => !env[name]);
  if (missing.length)
    throw new Error(
      `SMS_ACCOUNT_SID is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not`,
    );
  return {
    apiUrl: (env.SMS_API_URL ?? 'https://api.twilio.com').replace(/\/$/, ''),
    accountSid: env.SMS_ACCOUNT_SID,
    authToken: env.SMS_AUTH_TOKEN ?? '',
    from: env.SMS_FROM ?? '',
    timeoutMs: 10_000,
  };
};

/** What the server sends through it (the MailProvider shape of mail.ts, which picks this provider). */
type TextMessage = { to: string; subject: string; text: string };

export const twilioSms = (config: SmsConfig): { send: (message: TextMessage) => Promise<void> } => ({
  send: async ({ to, text }) => {
    const number = toE164(to);
    if (!number) throw new SmsError('The mobile number on file is not a full international number');
    const body = new URLSearchParams({ To: number, Body: text });
    body.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
    let res: Response;
    try {
      res = await fetch(
        `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(config.timeoutMs),
        },
      );
    } catch (error) {
      throw new SmsError(
        `The SMS provider could not be reached (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (!res.ok) {
      const detail = (await res.json().catch(() => null)) as { message?: unknown } | null;
      const reason = typeof detail?.message === 'string' ? `: ${detail.message}` : '';
      throw new SmsError(`The SMS provider refused the message (${res.status}${reason})`);
    }
  },
});
