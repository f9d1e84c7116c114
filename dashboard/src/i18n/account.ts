import {
  adminAuth as adminAuthCalls,
  enterpriseAuth as enterpriseAuthCalls,
} from 'virtual:light-contract/auth';
import type { LanguageCode } from '@coach/shared/constants/languages';
import { api } from '../lib/api.ts';
import type { Audience } from '../lib/session.ts';
import { chooseLanguage, storedLanguage } from './index.ts';

/**
 * After sign-in: the person's saved language wins over this browser's, and is kept here so the login
 * page shows it next time. With none saved, a choice made in this browser (the login page's picker) becomes theirs,
 * for their other devices and their mails; with no choice either, nothing is saved and the screen stays in the
 * browser's language. Resolves to the user as the server now has it, or null when nothing changed.
 */
export const adoptAccountLanguage = async <U extends { language: LanguageCode | null }>(
  audience: Audience,
  user: U,
): Promise<U | null> => {
  if (user.language) {
    await chooseLanguage(user.language);
    return null;
  }
  const chosen = storedLanguage();
  if (!chosen) return null;
  const call = audience === 'enterprise' ? enterpriseAuthCalls.updateLanguage : adminAuthCalls.updateLanguage;
  const [saved] = await Promise.all([api.call(call, { language: chosen }), chooseLanguage(chosen)]);
  return saved as unknown as U;
};
