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

/** Waits for a new message to `email` (one not in `mark`) and returns the 6-digit code in it. */
export const readCode = async (email: string, mark: Set<string>): Promise<string> => {
  let code = '';
  await expect
    .poll(
      () => {
        const fresh = messagesTo(email).filter((name) => !mark.has(name));
        const latest = fresh.at(-1);
        if (!latest) return '';
        code = readFileSync(path.join(OUTBOX, latest), 'utf8').match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      },
      { message: `a verification code mailed to ${email}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
};
