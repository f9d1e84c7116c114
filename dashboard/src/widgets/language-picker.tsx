import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/index.ts';
import { isLanguageCode } from '../i18n/languages.ts';
import type { Audience } from '../lib/session.ts';
import { type LanguageMenuProps, LanguagePickerFace, nativeName } from '../ui/language-picker-face.tsx';
import './language-picker.css';

type Menu = ComponentType<LanguageMenuProps>;
const loadMenu = () => import('./language-menu.tsx').then((m): Menu => m.LanguageMenu);

/**
 * The language picker. The sign-in page's first scripts hold only this button: its menu (the radix
 * menu, about 28 KB brotli) loads when the pointer or the focus reaches the button, and a press opens it at once
 * when it has arrived, so the button behaves as the menu's own trigger (Enter, Space or a click opens it).
 */
export const LanguagePicker = ({ audience }: { audience?: Audience }) => {
  const { t, i18n } = useTranslation('common');
  const [menu, setMenu] = useState<{ LanguageMenu: Menu; byKeyboard: boolean } | null>(null);
  const language = isLanguageCode(i18n.language) ? i18n.language : currentLanguage();
  if (menu)
    return <menu.LanguageMenu audience={audience} language={language} openedByKeyboard={menu.byKeyboard} />;
  const prefetch = () => void loadMenu();
  const open = (byKeyboard: boolean) =>
    void loadMenu().then((LanguageMenu) => setMenu({ LanguageMenu, byKeyboard }));
  return (
    <button
      type="button"
      className="language-picker__trigger"
      aria-label={t('language.current', { language: nativeName(language) })}
      aria-haspopup="menu"
      aria-expanded="false"
      // A click from Enter or Space has no pointer detail; ArrowDown opens the menu too, as on radix's trigger.
      onClick={(event) => open(event.detail === 0)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        open(true);
      }}
      onPointerEnter={prefetch}
      onFocus={prefetch}
    >
      <LanguagePickerFace language={language} />
    </button>
  );
};
