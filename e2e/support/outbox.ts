import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './env.ts';

const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

/**
 * The messages to an address, oldest first. Notices (a task assigned, due tomorrow, feedback) are
 * left out unless asked for: they arrive whenever their job runs, and must not pass for a sign-in code or a link.
 */
const messagesTo = (email: string, { notices = false } = {}) =>
  existsSync(OUTBOX)
    ? readdirSync(OUTBOX)
        .filter(
          (name) =>
            name.endsWith('.eml') &&
            name.includes(`-${email}-`) &&
            name.includes(`-${email}-notice-`) === notices,
        )
        .sort()
    : [];

/** What the outbox holds for an address now, so a later read can wait for a message sent after it. */
export const outboxMark = (email: string) => new Set(messagesTo(email));

/** The notices the outbox holds for an address now: a later read waits for one sent after it. */
export const noticeMark = (email: string) => new Set(messagesTo(email, { notices: true }));

/** The notices to `email` sent since `mark` was taken, each as its whole text (headers and body). */
export const noticesSince = (email: string, mark: Set<string>) =>
  messagesTo(email, { notices: true })
    .filter((name) => !mark.has(name))
    .map((name) => readFileSync(path.join(OUTBOX, name), 'utf8'));

/** Waits for a new notice to `email` (one not in `mark`) and returns its whole text. */
export const readNotice = async (email: string, mark: Set<string>) => {
  await expect
    .poll(() => noticesSince(email, mark).length, { message: `a notice mailed to ${email}`, timeout: 15_000 })
    .toBeGreaterThan(0);
  return noticesSince(email, mark).at(-1) ?? '';
};

/** Waits for a new message to `email` (one not in `mark`) and returns the first match of `pattern` in it. */
const readNew = async (email: string, mark: Set<string>, pattern: RegExp, what: string) => {
  let found = '';
  await expect
    .poll(
      () => {
        const latest = messagesTo(email)
          .filter((name) => !mark.has(name))
          .at(-1);
        found = latest ? (readFileSync(path.join(OUTBOX, latest), 'utf8').match(pattern)?.[1] ?? '') : '';
        return found;
      },
      { message: `${what} mailed to ${email}`, timeout: 10_000 },
    )
    .not.toBe('');
  return found;
};

/** The 6-digit code of a new message to `email`. */
export const readCode = (email: string, mark: Set<string>) =>
  readNew(email, mark, /\b(\d{6})\b/, 'a verification code');

/** The path of the link in a new message to `email` (for example /password/reset/…). */
export const readLinkPath = (email: string, mark: Set<string>) =>
  readNew(email, mark, /https?:\/\/[^/\s]+(\/\S+)/, 'a link');

/** The whole text of a new message to `email`. */
export const readMessage = (email: string, mark: Set<string>) =>
  readNew(email, mark, /([\s\S]+)/, 'a message');
