import {
  adminAuth as adminAuthCalls,
  enterpriseAuth as enterpriseAuthCalls,
} from 'virtual:light-contract/auth';
import { LANGUAGES } from '@coach/shared/constants/languages';
import { useSetAtom } from 'jotai';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../i18n/index.ts';
import { isLanguageCode, languageTag } from '../i18n/languages.ts';
import { api } from '../lib/api.ts';
import { adminUserAtom, enterpriseUserAtom } from '../lib/session.ts';
import { type LanguageMenuProps, LanguagePickerFace, nativeName } from '../ui/language-picker-face.tsx';
import './language-picker.css';
import '../ui/ui.css';

/**
 * The language picker's menu, loaded by language-picker.tsx when first wanted: each language in its own
 * name and script (with its `lang`), so every reader finds theirs whatever is on screen. Arrow keys move, Enter or
 * Space chooses, Escape closes (radix menu). The choice is kept in this browser; signed in (`audience`), it is also
 * saved on the person's profile for every device and their mails.
 */
export const LanguageMenu = ({ audience, language, openedByKeyboard }: LanguageMenuProps) => {
  const { t } = useTranslation('common');
  const setEnterpriseUser = useSetAtom(enterpriseUserAtom);
  const setAdminUser = useSetAtom(adminUserAtom);
  const [open, setOpen] = useState(openedByKeyboard !== undefined);
  const [byKeyboard, setByKeyboard] = useState(openedByKeyboard === true);

  const choose = async (value: string) => {
    if (!isLanguageCode(value) || value === language) return;
    await chooseLanguage(value);
    if (!audience) return;
    try {
      if (audience === 'enterprise')
        setEnterpriseUser(await api.call(enterpriseAuthCalls.updateLanguage, { language: value }));
      else setAdminUser(await api.call(adminAuthCalls.updateLanguage, { language: value }));
    } catch (error) {
      // The screen has changed already; the profile catches up at the next choice or sign-in.
      console.error('Saving the language failed', error);
    }
  };

  return (
    <RadixMenu.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setByKeyboard(false);
      }}
    >
      <RadixMenu.Trigger asChild>
        <button
          type="button"
          className="language-picker__trigger"
          aria-label={t('language.current', { language: nativeName(language) })}
        >
          <LanguagePickerFace language={language} />
        </button>
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          className="menu language-picker__menu"
          align="end"
          sideOffset={8}
          onFocus={(event) => {
            // Opened by keyboard from the stand-in, the first language takes the focus as with radix's own trigger
            // (radix focused the menu itself: it mounted after the key press, so it never saw it).
            if (!byKeyboard || event.target !== event.currentTarget) return;
            event.preventDefault();
            setByKeyboard(false);
            event.currentTarget.querySelector<HTMLElement>('[role="menuitemradio"]')?.focus();
          }}
        >
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
