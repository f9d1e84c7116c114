import { LANGUAGES, type LanguageCode } from '@coach/shared/constants/languages';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { useSetAtom } from 'jotai';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../i18n/index.ts';
import { isLanguageCode, languageTag } from '../i18n/languages.ts';
import { api } from '../lib/api.ts';
import { type Audience, adminUserAtom, enterpriseUserAtom } from '../lib/session.ts';
import './language-picker.css';
import './ui.css';

const nativeName = (code: LanguageCode) => LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;

/**
 * The language picker (issue 18): each language in its own name and script (with its `lang`), so every reader
 * finds theirs whatever is on screen. Arrow keys move, Enter or Space chooses, Escape closes (radix menu). The choice
 * is kept in this browser; signed in (`audience`), it is also saved on the person's profile for every device and
 * their mails.
 */
export const LanguagePicker = ({ audience }: { audience?: Audience }) => {
  const { t, i18n } = useTranslation('common');
  const setEnterpriseUser = useSetAtom(enterpriseUserAtom);
  const setAdminUser = useSetAtom(adminUserAtom);
  const language = isLanguageCode(i18n.language) ? i18n.language : currentLanguage();

  const choose = async (value: string) => {
    if (!isLanguageCode(value) || value === language) return;
    await chooseLanguage(value);
    if (!audience) return;
    try {
      if (audience === 'enterprise')
        setEnterpriseUser(await api.call(enterpriseAuth.updateLanguage, { language: value }));
      else setAdminUser(await api.call(adminAuth.updateLanguage, { language: value }));
    } catch (error) {
      // The screen has changed already; the profile catches up at the next choice or sign-in.
      console.error('Saving the language failed', error);
    }
  };

  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>
        <button
          type="button"
          className="language-picker__trigger"
          aria-label={t('language.current', { language: nativeName(language) })}
        >
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
        </button>
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="menu language-picker__menu" align="end" sideOffset={8}>
          <RadixMenu.Label className="menu__label">{t('language.choose')}</RadixMenu.Label>
          <RadixMenu.RadioGroup value={language} onValueChange={(value) => void choose(value)}>
            {LANGUAGES.map((l) => (
              <RadixMenu.RadioItem
                key={l.code}
                value={l.code}
                className="menu__item language-picker__item"
                lang={languageTag(l.code)}
              >
                <span className="language-picker__check" aria-hidden="true">
                  <RadixMenu.ItemIndicator>✓</RadixMenu.ItemIndicator>
                </span>
                <bdi>{l.nativeName}</bdi>
              </RadixMenu.RadioItem>
            ))}
          </RadixMenu.RadioGroup>
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
};
