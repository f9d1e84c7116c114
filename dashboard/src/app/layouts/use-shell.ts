import { readableOn } from '@coach/shared/colour/contrast-ratio';
import { DEFAULT_THEME_SETTINGS } from '@coach/shared/constants/theme';
import type { ThemeSettings } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { myCourses } from '@coach/shared/contract/my-courses';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_MENU, enterpriseMenuFor, type MenuEntry, needsCourseEnrolments } from '../../config/menus.ts';
import { paths } from '../../config/paths.ts';
import { endSessionOnServer } from '../../lib/api.ts';
import { useCan } from '../../lib/can.tsx';
import {
  type Audience,
  adminUserAtom,
  enterpriseUserAtom,
  leaveActingAtom,
  loggedOutOnPurposeAtom,
  logoutAtom,
} from '../../lib/session.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useCall } from '../../lib/use-call.ts';
import type { UserMenuIdentity } from './user-menu.tsx';

/** What the shell shows for the signed-in user of an audience (null while the user loads). */
export type ShellModel = {
  audience: Audience;
  identity: UserMenuIdentity;
  menu: MenuEntry[];
  logoUrl: string | null;
  companyName: string | null;
  dashboardPath: string;
  profilePath: string;
  settingsPath: string | null;
  privacyPath: string;
  termsPath: string;
  theme: ThemeSettings;
};

export const useShellModel = (audience: Audience): ShellModel | null => {
  const { t } = useTranslation('common');
  const enterpriseUser = useAtomValue(enterpriseUserAtom);
  const adminUser = useAtomValue(adminUserAtom);
  // The Settings link shows to whoever the Settings page opens for: the call its theme card saves through.
  const opensSettings = useCan(enterpriseGeneral.updateThemeSettings) === true;
  // My Courses stays in the menu of a buyer whose organisation has since turned MarketPlace off: their own courses
  // are asked for then only (with it on, everyone has the item).
  const asksCourses = audience === 'enterprise' && !!enterpriseUser && needsCourseEnrolments(enterpriseUser);
  const { state: courses } = useCall(myCourses.list, {}, { enabled: asksCourses });
  const hasCourses = asksCourses && courses.status === 'ready' && courses.data.length > 0;
  if (audience === 'admin') {
    if (!adminUser) return null;
    return {
      audience,
      identity: {
        name: adminUser.name,
        role: adminUser.role,
        email: adminUser.email,
        avatarUrl: adminUser.avatarUrl,
      },
      menu: ADMIN_MENU,
      logoUrl: null,
      companyName: null,
      dashboardPath: paths.admin.dashboard,
      profilePath: paths.admin.profile,
      settingsPath: null,
      privacyPath: paths.appPrivacyPolicy.build('platform'),
      termsPath: paths.appTerms.build('platform'),
      theme: DEFAULT_THEME_SETTINGS,
    };
  }
  if (!enterpriseUser) return null;
  const enterprise = enterpriseUser.enterpriseId;
  // spec §1: a platform admin logged in as the enterprise sees a generic admin identity.
  const identity: UserMenuIdentity = enterpriseUser.loggedInAsAdmin
    ? { name: t('account.platformAdmin'), role: t('account.administrator'), email: null, avatarUrl: null }
    : {
        name: enterpriseUser.name,
        role: enterpriseUser.roleId.name,
        email: enterpriseUser.email,
        avatarUrl: enterpriseUser.avatarUrl,
      };
  return {
    audience,
    identity,
    menu: enterpriseMenuFor(enterpriseUser, { hasCourses }),
    logoUrl: enterprise.enterprise_logo,
    companyName: enterprise.company_name,
    dashboardPath: paths.enterprise.dashboard,
    profilePath: paths.enterprise.profile,
    settingsPath: opensSettings ? paths.enterprise.settings : null,
    privacyPath: paths.appPrivacyPolicy.build(enterprise._id),
    termsPath: paths.appTerms.build(enterprise._id),
    theme: { ...DEFAULT_THEME_SETTINGS, ...enterprise.themeSettings },
  };
};

const THEME_VARIABLES: Record<keyof ThemeSettings, string> = {
  buttonColor: '--brand-button-fg',
  buttonBackColor: '--brand-button-bg',
  buttonHoverColor: '--brand-button-hover-fg',
  buttonBackHoverColor: '--brand-button-hover-bg',
  navFontColor: '--brand-nav-fg',
  navBackgroundColor: '--brand-nav-bg',
};

/** The page's background (tokens.css --color-page): the darkest surface a link sits on. */
const PAGE_BACKGROUND = '#f1f5f9';

/**
 * The colour of links, focus rings and selected options: the tenant's button colour, darkened until it reads as text on
 * the page (a light yellow brand would otherwise give links no one can read); null keeps the default blue.
 */
export const linkColourFor = (theme: ThemeSettings): string | null =>
  readableOn(theme.buttonBackColor, PAGE_BACKGROUND);

/** Puts the tenant's themeSettings on the root as CSS custom properties (spec §2 Menus, §3). */
export const useThemeVariables = (theme: ThemeSettings | null) => {
  useEffect(() => {
    if (!theme) return;
    const root = document.documentElement;
    for (const [key, variable] of Object.entries(THEME_VARIABLES)) {
      root.style.setProperty(variable, theme[key as keyof ThemeSettings]);
    }
    const link = linkColourFor(theme);
    if (link) root.style.setProperty('--color-link', link);
    return () => {
      for (const variable of Object.values(THEME_VARIABLES)) root.style.removeProperty(variable);
      root.style.removeProperty('--color-link');
    };
  }, [theme]);
};

/** Logs the audience out and opens its login page (no redirect: the user chose to leave). */
export const useLogout = (audience: Audience) => {
  const logout = useSetAtom(logoutAtom);
  const setSelectedGroup = useSetAtom(selectedGroupAtom);
  const setOnPurpose = useSetAtom(loggedOutOnPurposeAtom);
  const acting = useAtomValue(enterpriseUserAtom)?.loggedInAsAdmin === true;
  const leaveActing = useSetAtom(leaveActingAtom);
  return async () => {
    // A platform admin acting as an enterprise leaves it for the admin area, their session there kept.
    if (audience === 'enterprise' && acting) {
      leaveActing((asked) => asked + 1);
      return;
    }
    setOnPurpose(true);
    await endSessionOnServer(audience);
    logout(audience);
    if (audience === 'enterprise') setSelectedGroup(null);
  };
};
