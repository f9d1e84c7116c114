import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type SmsEnv, smsConfigOf, twilioSms } from './sms.ts';

/**
 * `notice`: a mail that tells a member of their work (sent by services/organisation/notices.ts). It goes like any mail; in the outbox its
 * file is named `notice`, so the readers of sign-in codes and links pass over it.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  kind?: 'mail' | 'sms' | 'notice';
  /** Where a reply goes (an enquirer's address), when it is a plain address; else replies go nowhere. */
  replyTo?: string;
};

/** A Reply-To worth writing: one plain address, no spaces, angle brackets or line breaks (no header injection). */
const plainAddress = (address: string | undefined) =>
  address && /^[^\s<>@,;"]+@[^\s<>@,;"]+$/.test(address) ? address : undefined;
export type MailProvider = { send: (message: MailMessage) => Promise<void> };

const FROM = 'Coach <no-reply@coach.example>';

/** Writes each message as an RFC 822 file to DATA_DIR/outbox: the demo's inbox and how e2e tests read codes. */
export const outboxMail = (outboxDir: string): MailProvider => ({
  send: async ({ to, subject, text, kind = 'mail', replyTo }) => {
    mkdirSync(outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const safeTo = to.replace(/[^a-zA-Z0-9@.+-]/g, '_');
    const suffix = Math.random().toString(36).slice(2, 8);
    const name = `${stamp}-${safeTo}-${kind}-${suffix}.eml`;
    const body = [
      `From: ${FROM}`,
      `To: ${to}`,
      ...(plainAddress(replyTo) ? [`Reply-To: ${replyTo}`] : []),
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      '',
    ].join('\r\n');
    writeFileSync(path.join(outboxDir, name), body);
  },
});

export const smtpMail = (smtpUrl: string): MailProvider => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async ({ to, subject, text, replyTo }) => {
      const reply = plainAddress(replyTo);
      await transport.sendMail({ from: FROM, to, subject, text, ...(reply ? { replyTo: reply } : {}) });
    },
  };
};

/**
 * Mail by SMTP_URL and texts by a Twilio-compatible SMS provider (sms.ts) when configured; without one, each goes to
 * the outbox (a text as a file named sms).
 */
export const createMail = ({
  smtpUrl,
  outboxDir,
  smsEnv = {},
}: {
  smtpUrl?: string | undefined;
  outboxDir: string;
  smsEnv?: SmsEnv;
}) => {
  const outbox = outboxMail(outboxDir);
  const mail = smtpUrl ? smtpMail(smtpUrl) : outbox;
  const sms = smsConfigOf(smsEnv);
  return { mail, sms: sms ? twilioSms(sms) : outbox };
};
