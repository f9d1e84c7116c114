import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuLink } from '../../config/menus.ts';
import type { Audience } from '../../lib/session.ts';

/** A menu entry's key in menus.json: its English label, lower case, words joined by '-' ('Tasks Library' → tasks-library). */
export const menuKey = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export type MenuText = (entry: Pick<MenuLink, 'label' | 'description'>) => {
  label: string;
  description: string;
};

/**
 * A menu entry's label and description in the chosen language (menus.json `menu.<audience>.<key>`); the menus
 * themselves (config/screens.ts) stay in English, the spec's words, which the rules and tests go by.
 */
export const useMenuText = (audience: Audience): MenuText => {
  const { t } = useTranslation('menus');
  return useCallback(
    (entry) => {
      const key = `menu.${audience}.${menuKey(entry.label)}`;
      return {
        label: t(`${key}.label`, { defaultValue: entry.label }),
        description: t(`${key}.description`, { defaultValue: entry.description ?? '' }),
      };
    },
    [audience, t],
  );
};
