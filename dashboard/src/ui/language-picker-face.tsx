import { LANGUAGES, type LanguageCode } from '@coach/shared/constants/languages';
import { languageTag } from '../i18n/languages.ts';
import type { Audience } from '../lib/session.ts';

/**
 * What the picker's stand-in (language-picker.tsx) and its lazy menu (language-menu.tsx) both show, apart from
 * either so neither imports the other.
 */

/** `openedByKeyboard`: mounted by the picker's stand-in when pressed, so it opens at once, by keyboard or not. */
export type LanguageMenuProps = { audience?: Audience; language: LanguageCode; openedByKeyboard?: boolean };

export const nativeName = (code: LanguageCode) => LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;

/** The picker's face: a globe and the language on screen, in its own name and script. */
export const LanguagePickerFace = ({ language }: { language: LanguageCode }) => (
  <>
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
    </svg>
    <bdi lang={languageTag(language)}>{nativeName(language)}</bdi>
  </>
);
