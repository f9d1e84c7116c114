import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './env.ts';

const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

const messagesTo = (email: string) =>
  existsSync(OUTBOX)
    ? readdirSync(OUTBOX)
        .filter((name) => name.endsWith('.eml') && name.includes(`-${email}-`))
        .sort()
    : [];

/** What the outbox holds for an address now, so a later read can wait for a message sent after it. */
export const outboxMark = (email: string) => new Set(messagesTo(email));

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
