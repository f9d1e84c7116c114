import { t } from '../i18n/format.ts';
import type { Messages } from '../i18n/messages.ts';

/** The enrol button's words (the price as the page shows it), shared by the button and its dialog. */
export const enrolLabel = (s: Messages['enrol'], { free, price }: { free: boolean; price: string }) =>
  free ? s.enrolFree : t(s, 'enrolNow', { price });
